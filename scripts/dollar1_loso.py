#!/usr/bin/env python3
"""The $1 unistroke recognizer (Wobbrock, Wilson & Li, UIST 2007) on the
development data, leave one subject out: each subject's strokes are matched
against every stroke of the other subjects as templates (64 points, rotation
to the indicative angle, golden-section search within +-45 degrees, scaling
to a 250-unit square). The figure beside gspec's in docs/evaluation.md.
With --protractor, Protractor instead (Li, CHI 2010): 16 points, centred,
rotated by the indicative angle to the nearest of eight base orientations
(its orientation-sensitive form), scaled to a unit vector, and matched by
the closed-form best rotation (the largest 1 / angular distance).
Needs python3 and numpy (Debian: python3-numpy); not part of gspec.

    scripts/dollar1_loso.py [--protractor] [../shared/data/dollar1-dev]

Prints the lowest per-shape recall, the overall recall and each shape's.
"""
import json, os, math, sys, itertools
import numpy as np
args=[a for a in sys.argv[1:] if a!='--protractor']
protractor='--protractor' in sys.argv[1:]
D=args[0] if args else os.path.join(os.path.dirname(__file__),'..','..','shared','data','dollar1-dev')
shapes=sorted(x for x in os.listdir(D) if os.path.isdir(os.path.join(D,x)))
data=[]
for sh in shapes:
    for f in sorted(os.listdir(os.path.join(D,sh))):
        pts=[]
        for line in open(os.path.join(D,sh,f)):
            line=line.strip()
            if not line or line[0]=='#': continue
            e=json.loads(line); pts.append((e['x'],e['y']))
        data.append((sh,f.split('-')[0],np.array(pts,float)))
def resample(p,n):
    d=np.sqrt(((p[1:]-p[:-1])**2).sum(1)); L=d.sum(); step=L/(n-1)
    out=[p[0]]; last=p[0].copy(); acc=0; i=1
    while i<len(p) and len(out)<n-1:
        dd=np.linalg.norm(p[i]-last)
        if dd>0 and acc+dd>=step:
            last=last+(p[i]-last)*((step-acc)/dd); acc=0; out.append(last.copy())
        else:
            acc+=dd; last=p[i].copy(); i+=1
    while len(out)<n: out.append(p[-1])
    return np.array(out)
PHI=0.5*(-1+math.sqrt(5))
def rot(q,a):
    c,s=math.cos(a),math.sin(a); return q@np.array([[c,s],[-s,c]])
def norm1(p):
    q=resample(p,64); c=q.mean(0)
    a=math.atan2(c[1]-q[0,1],c[0]-q[0,0]); q=rot(q-c,-a)
    w=q.max(0)-q.min(0); w[w<1e-9]=1e-9; q=q/w*250; return q-q.mean(0)
def dist(a,b): return np.sqrt(((a-b)**2).sum(1)).mean()
def dab(c,t,lo=-math.pi/4,hi=math.pi/4,th=math.radians(2)):
    x1=PHI*lo+(1-PHI)*hi; f1=dist(rot(c,x1),t)
    x2=(1-PHI)*lo+PHI*hi; f2=dist(rot(c,x2),t)
    while abs(hi-lo)>th:
        if f1<f2: hi=x2; x2=x1; f2=f1; x1=PHI*lo+(1-PHI)*hi; f1=dist(rot(c,x1),t)
        else: lo=x1; x1=x2; f1=f2; x2=(1-PHI)*lo+PHI*hi; f2=dist(rot(c,x2),t)
    return min(f1,f2)
def vectorize(p):
    q=resample(p,16); q=q-q.mean(0)
    a=math.atan2(q[0,1],q[0,0])
    base=(math.pi/4)*math.floor((a+math.pi/8)/(math.pi/4))
    q=rot(q,base-a); v=q.reshape(-1); return v/np.linalg.norm(v)
def protractor_best(v,M):
    # For each template row: a = v.t, b = the cross terms, the best rotation
    # atan(b / a) (within +-90 degrees, as the paper has it), whose cosine
    # distance a cos + b sin is sign(a) sqrt(a^2 + b^2).
    x,y=v[0::2],v[1::2]
    a=M[:,0::2]@x+M[:,1::2]@y; b=M[:,1::2]@x-M[:,0::2]@y
    return np.argmin(np.arccos(np.clip(np.sign(a)*np.hypot(a,b),-1,1)))
V=[vectorize(p) if protractor else norm1(p) for _,_,p in data]
subs=sorted(set(s for _,s,_ in data))
hits={sh:0 for sh in shapes}; tot={sh:0 for sh in shapes}
for s in subs:
    tr=[i for i,(_,ss,_) in enumerate(data) if ss!=s]
    te=[i for i,(_,ss,_) in enumerate(data) if ss==s]
    M=np.array([V[j] for j in tr]) if protractor else None
    for i in te:
        best=tr[protractor_best(V[i],M)] if protractor else min(tr,key=lambda j: dab(V[i],V[j]))
        tot[data[i][0]]+=1; hits[data[i][0]]+= data[best][0]==data[i][0]
r={sh: round(100*hits[sh]/tot[sh],1) for sh in shapes}
print(min(r.values()), round(100*sum(hits.values())/sum(tot.values()),1), r)
