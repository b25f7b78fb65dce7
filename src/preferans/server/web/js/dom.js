// Tiny DOM helpers: h("div.cls#id", {attrs}, ...children). No framework.

const SVG_NS = "http://www.w3.org/2000/svg";

function build(doc, tag, attrs, children, ns) {
  const [name, ...rest] = tag.split(/(?=[.#])/);
  const el = ns ? doc.createElementNS(ns, name) : doc.createElement(name);
  for (const part of rest) {
    if (part.startsWith(".")) el.classList.add(part.slice(1));
    else if (part.startsWith("#")) el.id = part.slice(1);
  }
  if (attrs) {
    for (const [key, value] of Object.entries(attrs)) {
      if (value === undefined || value === null || value === false) continue;
      if (key.startsWith("on") && typeof value === "function") {
        el.addEventListener(key.slice(2), value);
      } else if (key === "dataset") {
        Object.assign(el.dataset, value);
      } else if (key === "text") {
        el.textContent = value;
      } else if (key === "html") {
        el.innerHTML = value; // only ever used with markup built by this client
      } else if (key === "class") {
        for (const c of String(value).split(/\s+/).filter(Boolean)) el.classList.add(c);
      } else {
        el.setAttribute(key, value === true ? "" : String(value));
      }
    }
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : String(child));
  }
}

export function h(tag, attrs, ...children) {
  if (attrs instanceof Node || typeof attrs === "string" || Array.isArray(attrs)) {
    children.unshift(attrs);
    attrs = null;
  }
  return build(document, tag, attrs, children, null);
}

export function s(tag, attrs, ...children) {
  return build(document, tag, attrs, children, SVG_NS);
}

export function clear(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

export function $(selector, root = document) {
  return root.querySelector(selector);
}
