// Who is at the table, said to everyone: the stand-in banner with "I'm back", the pause
// when every person is away, the adjournment's votes, and the seat's own menu (leave the
// game for good, propose to adjourn).

import { h } from "./dom.js";
import { t } from "./i18n.js";

/** Seats of the persons still in the game (not bots, not those who left). */
export function people(seats) {
  return Object.entries(seats || {}).filter(([, s]) => s && s.user_id && !s.left).map(([seat]) => seat);
}

export function presenceNotice(st, { nameOf, back, vote }) {
  const out = [];
  if (st.status === "closed") out.push(h("div.notice.closed", { dataset: { notice: "closed" } }, t("tableClosed"), " ",
    h("a.button.small", { href: "#/" }, t("back"))));
  if (st.status === "adjourned") out.push(h("div.notice.adjourned", { dataset: { notice: "adjourned" } }, t("tableAdjourned"), " ",
    h("a.button.small", { href: "#/" }, t("back"))));
  if (st.status !== "playing") return out;
  const mine = st.you && st.seats?.[st.you];
  const backButton = () => h("button.primary.im-back", { type: "button", onclick: back }, t("imBack"));
  if (st.paused) {
    out.push(h("div.notice.paused", { dataset: { notice: "paused" } }, t("pausedAll"), " ", mine?.away ? backButton() : null));
  } else if (mine?.away) {
    out.push(h("div.notice.away.mine", { dataset: { notice: "away", seat: st.you } }, t("youAway"), " ", backButton()));
  }
  for (const seat of people(st.seats)) {
    if (seat === st.you || !st.seats[seat].away || st.paused) continue;
    out.push(h("div.notice.away", { dataset: { notice: "away", seat } }, t("someoneAway", { who: nameOf(seat) })));
  }
  const votes = st.adjournVotes || [];
  if (votes.length) {
    const all = people(st.seats);
    const asked = h("div.notice.adjourn", { dataset: { notice: "adjourn" } },
      t("adjournAsked", { n: votes.length, m: all.length }));
    if (st.you && all.includes(st.you) && !votes.includes(st.you)) {
      asked.append(" ", h("button.primary.small.adjourn-agree", { type: "button", onclick: () => vote(true) }, t("adjournAgree")),
        " ", h("button.small.adjourn-decline", { type: "button", onclick: () => vote(false) }, t("adjournDecline")));
    }
    out.push(asked);
  }
  return out;
}

/** "Adjourn…" and "Leave the game" for a person seated at a game in progress. */
export function seatMenu(st, { quit, propose }) {
  const mine = st.you && st.seats?.[st.you];
  if (st.status !== "playing" || !mine || !mine.user_id || mine.left) return null;
  return h("details.seat-menu",
    h("summary.button.small", t("seatMenu")),
    h("div.seat-menu-box",
      h("button.small.adjourn-propose", { type: "button", onclick: propose, disabled: (st.adjournVotes || []).includes(st.you) }, t("adjournPropose")),
      h("button.small.quit-game", { type: "button", onclick: quit }, t("leaveGame"))));
}
