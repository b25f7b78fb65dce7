// Modal overlays: the last trick, the keyboard help, messages.

import { h, clear } from "./dom.js";
import { t } from "./i18n.js";

let current = null;

export function overlay(title, body) {
  closeOverlay();
  const close = h("button.close", { type: "button", "aria-label": t("close"), onclick: closeOverlay }, "×");
  current = h("div.overlay", { role: "dialog", "aria-modal": "true", "aria-label": title,
    onclick: (e) => { if (e.target === current) closeOverlay(); } },
  h("div.overlay-box", h("div.overlay-head", h("h2", title), close), body));
  document.body.append(current);
  close.focus();
  return current;
}

export function closeOverlay() {
  if (current) current.remove();
  current = null;
}

export function helpOverlay() {
  overlay(t("keysTitle"), h("ul.keys",
    ["keyCards", "keyCalls", "keyLast", "keyHint", "keySheet", "keyChat", "keyHelp", "keyEsc"]
      .map((k) => h("li", t(k)))));
}

export { clear };
