// site/i18n/index.js loads a language's words when it is chosen: a first visit downloads
// one language's file, not four (tests/browser/test_install.py weighs it).  Its own
// process (node --test runs each file apart), so nothing else has loaded a language yet.
import assert from "node:assert/strict";
import { test } from "node:test";

import * as I from "../../site/i18n/index.js";

test("English is there at once, another language once loaded, and English stands in until then", async () => {
  assert.deepEqual(Object.keys(I.STRINGS), ["en"]);
  const english = I.makeT("en")("you");
  assert.equal(I.makeT("ru")("you"), english, "not loaded yet: the English words");
  await I.loadLang("ru");
  assert.deepEqual(Object.keys(I.STRINGS).sort(), ["en", "ru"]);
  assert.notEqual(I.makeT("ru")("you"), english);
  await I.loadLang("ru");  // again: nothing more
  assert.deepEqual(Object.keys(I.STRINGS).sort(), ["en", "ru"]);
});
