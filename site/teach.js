// The sample teaching page: each lesson's heading follows its frame.  A frame's "Next
// lesson" opens another lesson inside it, which the frame announces (lesson-start); the
// heading then names that lesson in the frame's own words, and the introduction written
// for the first one is put away.

document.addEventListener("kingweb-lesson-start", (ev) => {
  const table = /** @type {HTMLElement} */ (ev.target);
  const section = table.closest("section.lesson");
  const heading = section && section.querySelector("h2");
  if (!section || !heading) return;
  const d = /** @type {CustomEvent<{lesson: string, title: string, lang: string}>} */ (ev).detail;
  // the page's own heading and introduction for the lesson it was written for
  if (!heading.dataset.first) heading.dataset.first = heading.textContent || "";
  const first = d.lesson === table.getAttribute("lesson");
  heading.textContent = first ? heading.dataset.first : d.title;
  if (first) heading.removeAttribute("lang"); else heading.lang = d.lang;
  for (const p of section.querySelectorAll("p")) p.hidden = !first;
});
