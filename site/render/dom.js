// Small DOM helpers shared by the render modules.

/** The element with this id (the page's fixed rooms: #hand, #trick, #panel, ...).
 * @param {string} id
 * @returns {HTMLElement} */
export const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

/** Build an element: `text` sets its text, `class` its classes, `on<event>` a listener;
 * a false, null or undefined attribute is left out.  Children may be nodes or strings.
 * @param {string} tag
 * @param {Record<string, any>} [attrs]
 * @param {...any} kids
 * @returns {HTMLElement} */
export const el = (tag, attrs = {}, ...kids) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") e.className = v;
    else if (k === "text") e.textContent = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v === true ? "" : v);
  }
  for (const kid of kids.flat()) if (kid !== null && kid !== undefined) e.append(kid);
  return e;
};

/** A part of a table (`banner`, `hand`, `seat-top`, ...): the element of that class inside
 * `root`, so that the same render modules draw any table they are given.
 * @param {HTMLElement} root @param {string} name
 * @returns {HTMLElement} */
export const part = (root, name) => /** @type {HTMLElement} */ (root.querySelector(`.${name}`));
