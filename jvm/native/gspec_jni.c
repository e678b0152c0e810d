/*
 * dev.gspec.Engine's native methods over gspec.h: each is one call of the C
 * API, with Java arrays copied in and out. Linked with libgspec.a into
 * libgspec_jni.so (jvm/build.sh). The engine pointer travels as a jlong;
 * Engine.java never passes one it has freed (its methods are synchronized and
 * check it). Text crosses as UTF-8 byte arrays: JNI's strings are modified
 * UTF-8, which differs for NUL and characters outside the BMP.
 */
#include <jni.h>
#include <stdint.h>
#include "gspec.h"

#define ENGINE(e) ((gspec_engine *)(intptr_t)(e))

/* BEGIN generated from the runtime's lists (CClientEmitter.eventCopy): do not edit by hand */
/* Numbers per event in the arrays events cross in: time x y value0 value1 velocity0 velocity1 as doubles, then gesture taps view state direction input touch as ints (Engine.java's DOUBLES and INTS). */
#define EVENT_DOUBLES 7
#define EVENT_INTS 7

static void copy_event(const gspec_event *v, jdouble *f, jint *i) {
    f[0] = v->time;
    f[1] = v->x;
    f[2] = v->y;
    f[3] = v->value0;
    f[4] = v->value1;
    f[5] = v->velocity0;
    f[6] = v->velocity1;
    i[0] = v->gesture;
    i[1] = v->taps;
    i[2] = v->view;
    i[3] = v->state;
    i[4] = v->direction;
    i[5] = v->input;
    i[6] = v->touch;
}
/* END generated (CClientEmitter.eventCopy) */

/* The engine's output as a new byte[]. */
static jbyteArray output(JNIEnv *env, gspec_engine *engine) {
    int32_t n = gspec_engine_output_len(engine);
    jbyteArray out = (*env)->NewByteArray(env, n);
    if (out && n > 0) (*env)->SetByteArrayRegion(env, out, 0, n, (const jbyte *)gspec_engine_output_ptr(engine));
    return out;
}

JNIEXPORT jlong JNICALL Java_dev_gspec_Engine_nOpen(JNIEnv *env, jclass cls, jbyteArray table, jbyteArray error) {
    (void)cls;
    jsize n = (*env)->GetArrayLength(env, table), capacity = (*env)->GetArrayLength(env, error);
    jbyte *bytes = (*env)->GetByteArrayElements(env, table, NULL);
    if (!bytes) return 0;  /* OutOfMemoryError pending */
    char message[1024];
    gspec_engine *engine = gspec_engine_new(bytes, n, message, sizeof message);
    (*env)->ReleaseByteArrayElements(env, table, bytes, JNI_ABORT);
    if (!engine) {
        jsize length = 0;
        while (length < capacity - 1 && length < (jsize)sizeof message - 1 && message[length]) length++;
        (*env)->SetByteArrayRegion(env, error, 0, length, (const jbyte *)message);
    }
    return (jlong)(intptr_t)engine;
}

JNIEXPORT void JNICALL Java_dev_gspec_Engine_nFree(JNIEnv *env, jclass cls, jlong e) {
    (void)env, (void)cls;
    gspec_engine_free(ENGINE(e));
}

JNIEXPORT jbyteArray JNICALL Java_dev_gspec_Engine_nName(JNIEnv *env, jclass cls, jlong e, jint list, jint index) {
    (void)cls;
    int32_t n = gspec_engine_name(ENGINE(e), list, index, NULL, 0);
    if (n < 0) return NULL;
    /* Written into a Java array of n + 1 bytes (the NUL), copied to one of n: names are read once per engine, and no malloc here. */
    jbyteArray buffer = (*env)->NewByteArray(env, n + 1), out = (*env)->NewByteArray(env, n);
    if (!buffer || !out) return NULL;
    jbyte *bytes = (*env)->GetByteArrayElements(env, buffer, NULL);
    if (!bytes) return NULL;
    gspec_engine_name(ENGINE(e), list, index, (char *)bytes, n + 1);
    (*env)->SetByteArrayRegion(env, out, 0, n, bytes);
    (*env)->ReleaseByteArrayElements(env, buffer, bytes, JNI_ABORT);
    return out;
}

JNIEXPORT jint JNICALL Java_dev_gspec_Engine_nCarriedStates(JNIEnv *env, jclass cls) {
    (void)env, (void)cls;
    return (jint)GSPEC_CARRIED_STATES;
}

/* A refused call's reason (the engine's output) as a new byte[], NULL when it was taken. */
static jbyteArray refusal(JNIEnv *env, gspec_engine *engine, int32_t refused) { return refused ? output(env, engine) : NULL; }

JNIEXPORT jbyteArray JNICALL Java_dev_gspec_Engine_nFeed(JNIEnv *env, jclass cls, jlong e, jdouble t, jlong touch, jint phase, jdouble x,
                                                         jdouble y, jint view, jint pointer) {
    (void)cls;
    return refusal(env, ENGINE(e), gspec_engine_feed(ENGINE(e), t, touch, phase, x, y, view, pointer));
}

JNIEXPORT void JNICALL Java_dev_gspec_Engine_nEndFrame(JNIEnv *env, jclass cls, jlong e) {
    (void)env, (void)cls;
    gspec_engine_end_frame(ENGINE(e));
}

JNIEXPORT jbyteArray JNICALL Java_dev_gspec_Engine_nAdvance(JNIEnv *env, jclass cls, jlong e, jdouble t) {
    (void)cls;
    return refusal(env, ENGINE(e), gspec_engine_advance(ENGINE(e), t));
}

JNIEXPORT jint JNICALL Java_dev_gspec_Engine_nGestureView(JNIEnv *env, jclass cls, jlong e, jint gesture) {
    (void)env, (void)cls;
    return gspec_engine_gesture_view(ENGINE(e), gesture);
}

JNIEXPORT void JNICALL Java_dev_gspec_Engine_nFinish(JNIEnv *env, jclass cls, jlong e) {
    (void)env, (void)cls;
    gspec_engine_finish(ENGINE(e));
}

JNIEXPORT jdouble JNICALL Java_dev_gspec_Engine_nNextDeadline(JNIEnv *env, jclass cls, jlong e) {
    (void)env, (void)cls;
    return gspec_engine_next_deadline(ENGINE(e));
}

JNIEXPORT jdouble JNICALL Java_dev_gspec_Engine_nClock(JNIEnv *env, jclass cls, jlong e) {
    (void)env, (void)cls;
    return gspec_engine_clock(ENGINE(e));
}

/* The output's first `count` records into the arrays Engine.java sized (EVENT_DOUBLES doubles and EVENT_INTS ints each): whether they fit. */
static int read_events(JNIEnv *env, jlong e, jdoubleArray doubles, jintArray ints, jint count) {
    const gspec_event *events = gspec_engine_output_ptr(ENGINE(e));
    int32_t available = gspec_engine_output_len(ENGINE(e)) / (int32_t)sizeof(gspec_event);
    if (count > available) count = available;
    if ((*env)->GetArrayLength(env, doubles) < count * EVENT_DOUBLES || (*env)->GetArrayLength(env, ints) < count * EVENT_INTS) return 0;
    jdouble *d = (*env)->GetPrimitiveArrayCritical(env, doubles, NULL);
    if (!d) return 0;
    jint *n = (*env)->GetPrimitiveArrayCritical(env, ints, NULL);
    if (!n) {
        (*env)->ReleasePrimitiveArrayCritical(env, doubles, d, JNI_ABORT);
        return 0;
    }
    for (jint k = 0; k < count; k++) copy_event(&events[k], d + k * EVENT_DOUBLES, n + k * EVENT_INTS);
    (*env)->ReleasePrimitiveArrayCritical(env, ints, n, 0);
    (*env)->ReleasePrimitiveArrayCritical(env, doubles, d, 0);
    return 1;
}

/* Takes the events and copies them into the arrays in the same call (one JNI transition a take): their
 * count, or minus it when the arrays are too small (Engine.java grows them and calls nRead). */
JNIEXPORT jint JNICALL Java_dev_gspec_Engine_nTake(JNIEnv *env, jclass cls, jlong e, jdoubleArray doubles, jintArray ints) {
    (void)cls;
    int32_t count = gspec_engine_take_events(ENGINE(e));
    if (count == 0) return 0;
    return read_events(env, e, doubles, ints, count) ? count : -count;
}

JNIEXPORT void JNICALL Java_dev_gspec_Engine_nRead(JNIEnv *env, jclass cls, jlong e, jdoubleArray doubles, jintArray ints, jint count) {
    (void)cls;
    read_events(env, e, doubles, ints, count);
}

JNIEXPORT jbyteArray JNICALL Java_dev_gspec_Engine_nControl(JNIEnv *env, jclass cls, jlong e, jdouble t, jint index, jbyteArray key,
                                                            jbyteArray value) {
    (void)cls;
    jsize keyN = (*env)->GetArrayLength(env, key), valueN = (*env)->GetArrayLength(env, value);
    jbyte *k = (*env)->GetByteArrayElements(env, key, NULL);
    if (!k) return NULL;
    jbyte *v = (*env)->GetByteArrayElements(env, value, NULL);
    if (!v) {
        (*env)->ReleaseByteArrayElements(env, key, k, JNI_ABORT);
        return NULL;
    }
    int32_t refused = gspec_engine_control(ENGINE(e), t, index, (const char *)k, keyN, (const char *)v, valueN);
    (*env)->ReleaseByteArrayElements(env, value, v, JNI_ABORT);
    (*env)->ReleaseByteArrayElements(env, key, k, JNI_ABORT);
    return refusal(env, ENGINE(e), refused);
}

JNIEXPORT jbyteArray JNICALL Java_dev_gspec_Engine_nAction(JNIEnv *env, jclass cls, jlong e, jdouble t, jint gesture, jdouble x, jdouble y) {
    (void)cls;
    return refusal(env, ENGINE(e), gspec_engine_action(ENGINE(e), t, gesture, x, y));
}

JNIEXPORT jboolean JNICALL Java_dev_gspec_Engine_nIsEnabled(JNIEnv *env, jclass cls, jlong e, jint gesture) {
    (void)env, (void)cls;
    return gspec_engine_is_enabled(ENGINE(e), gesture) ? JNI_TRUE : JNI_FALSE;
}

JNIEXPORT void JNICALL Java_dev_gspec_Engine_nSetScreen(JNIEnv *env, jclass cls, jlong e, jdouble width, jdouble height) {
    (void)env, (void)cls;
    gspec_engine_set_screen(ENGINE(e), width, height);
}

JNIEXPORT jbyteArray JNICALL Java_dev_gspec_Engine_nAnomalies(JNIEnv *env, jclass cls, jlong e) {
    (void)cls;
    gspec_engine_anomalies(ENGINE(e));
    return output(env, ENGINE(e));
}
