// REST calls to the club's API (same origin, session cookie).

import { language } from "./i18n.js";

export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

async function request(method, path, body) {
  const options = { method, headers: {}, credentials: "same-origin" };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const response = await fetch(path, options);
  if (response.status === 204) return null;
  let data = null;
  try { data = await response.json(); } catch { data = null; }
  if (!response.ok) {
    // Every refusal carries its reason in both languages (server/refusals.py).
    let detail = (data && data.messages && data.messages[language()]) || (data && data.detail);
    if (Array.isArray(detail)) detail = detail.map((d) => d.msg).join("; ");
    throw new ApiError(response.status, detail || response.statusText);
  }
  return data;
}

export const api = {
  me: () => request("GET", "/api/me"),
  register: (name, password) => request("POST", "/api/register", { name, password }),
  login: (name, password) => request("POST", "/api/login", { name, password }),
  logout: () => request("POST", "/api/logout"),
  tables: () => request("GET", "/api/tables?limit=100"),
  table: (id) => request("GET", `/api/tables/${id}`),
  createTable: (body) => request("POST", "/api/tables", body),
  sit: (id, seat, password) => request("POST", `/api/tables/${id}/sit`, { seat, password: password || null }),
  leave: (id) => request("POST", `/api/tables/${id}/leave`),
  addBot: (id, seat, level) => request("POST", `/api/tables/${id}/bots`, { seat, level }),
  presets: () => request("GET", "/api/presets"),
  bots: () => request("GET", "/api/bots"),
  leaders: () => request("GET", "/api/leaderboard?limit=10"),
  game: (id) => request("GET", `/api/games/${id}`),
  record: (id) => request("GET", `/api/games/${id}/record`),
  quit: (id) => request("POST", `/api/tables/${id}/quit`),
  adjourn: (id, agree = true) => request("POST", `/api/tables/${id}/adjourn`, { agree }),
  resume: (id) => request("POST", `/api/tables/${id}/resume`),
  player: (name) => request("GET", `/api/players/${encodeURIComponent(name)}`),
  tournaments: () => request("GET", "/api/tournaments?limit=60"),
  tournament: (id) => request("GET", `/api/tournaments/${id}`),
  registerTournament: (id, password) => request("POST", `/api/tournaments/${id}/register`, { password: password || null }),
  unregisterTournament: (id) => request("POST", `/api/tournaments/${id}/unregister`),
};
