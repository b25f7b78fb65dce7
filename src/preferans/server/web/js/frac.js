// Exact fractions for sheet figures ("12", "-4", "35/2"), as the server writes them.

function gcd(a, b) { a = Math.abs(a); b = Math.abs(b); while (b) [a, b] = [b, a % b]; return a || 1; }

export function frac(text) {
  if (typeof text === "number") return [text, 1];
  const [n, d] = String(text).split("/").map(Number);
  return norm([n, d || 1]);
}

function norm([n, d]) {
  if (d < 0) { n = -n; d = -d; }
  const g = gcd(n, d);
  return [n / g, d / g];
}

export function add(a, b) { return norm([a[0] * b[1] + b[0] * a[1], a[1] * b[1]]); }
export function isZero(a) { return a[0] === 0; }
export function fmt(a) { return a[1] === 1 ? String(a[0]) : `${a[0]}/${a[1]}`; }
export function signed(a) { return (a[0] > 0 ? "+" : "") + fmt(a); }
export function value(a) { return a[0] / a[1]; }
