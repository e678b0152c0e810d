// The playground's page module in node: importing it touches no browser
// global, and its colouring by the editors' TextMate grammar classes the
// tokens of a spec as the page shows them. The page itself runs in Chromium
// (Tests/GSpecCLITests/Browser/playground.mjs).
import { readFileSync } from 'node:fs';
import assert from 'node:assert/strict';
import { grammarRules, highlight } from '../playground/playground.mjs';

const grammar = JSON.parse(readFileSync(new URL('../../editors/gesture.tmLanguage.json', import.meta.url), 'utf8'));
const rules = grammarRules(grammar);
assert.ok(rules.length > 5, 'the grammar has rules');

const spec = '/// Zoom.\ngesture doubleTap: tap { taps: 2  maxInterval: 300ms }  // two\nsingleTap requires doubleTap to fail\n';
const html = highlight(spec, rules);
// Every character of the text is there, in order, once the markup is removed.
assert.equal(html.replace(/<[^>]*>/g, '').replace(/&lt;/g, '<').replace(/&amp;/g, '&'), spec);
const classed = (cls) => [...html.matchAll(new RegExp(`<span class="${cls}">([^<]*)</span>`, 'g'))].map((m) => m[1]);
assert.ok(classed('k').includes('gesture') && classed('k').includes('requires'), html);
assert.ok(classed('t').includes('tap'), html);
assert.ok(classed('n').includes('doubleTap'), html);
assert.ok(classed('c').includes('300') && classed('c').includes('ms'), html);
assert.ok(classed('m').some((c) => c.includes('// two')), html);
// Markup in a comment stays text.
assert.ok(!highlight('// <b>&\n', rules).includes('<b>'));
console.log('ok playground');
