// Telling a player something while he looks elsewhere: the tab's title and a short sound
// (which he can turn off; the choice is kept in this browser).

const KEY = "pref.sound";
let flashing = null;

export function soundOn() { return localStorage.getItem(KEY) !== "off"; }
export function setSound(on) { localStorage.setItem(KEY, on ? "on" : "off"); }

/** Two short tones made by the browser (no audio file); silent if sound is off or refused. */
export function chime() {
  if (!soundOn()) return false;
  try {
    const Context = window.AudioContext || window.webkitAudioContext;
    const audio = new Context();
    [660, 880].forEach((freq, i) => {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, audio.currentTime + i * 0.18);
      gain.gain.exponentialRampToValueAtTime(0.2, audio.currentTime + i * 0.18 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + i * 0.18 + 0.16);
      osc.connect(gain).connect(audio.destination);
      osc.start(audio.currentTime + i * 0.18);
      osc.stop(audio.currentTime + i * 0.18 + 0.17);
    });
    setTimeout(() => audio.close().catch(() => {}), 800);
    return true;
  } catch { return false; }
}

/** Show ``text`` in the tab's title (alternating with the page's own) until it is seen. */
export function flashTitle(text) {
  stopFlash();
  const base = document.title;
  let on = true;
  document.title = text;
  flashing = { base, timer: setInterval(() => { on = !on; document.title = on ? text : base; }, 1000) };
  const seen = () => { if (document.visibilityState === "visible") setTimeout(stopFlash, 4000); };
  document.addEventListener("visibilitychange", seen, { once: true });
  if (document.visibilityState === "visible") setTimeout(stopFlash, 6000);
}

export function stopFlash() {
  if (!flashing) return;
  clearInterval(flashing.timer);
  document.title = flashing.base;
  flashing = null;
}

/** The notice itself: title, sound and a mark for tests and screen readers. */
export function notify(text) {
  flashTitle(text);
  const sounded = chime();
  document.body.dataset.notified = sounded ? "sound" : "title";
}
