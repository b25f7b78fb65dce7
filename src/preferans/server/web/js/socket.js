// One table's websocket: keeps the version, resyncs after a gap or a reconnect.

export class TableSocket {
  constructor(tableId, { onMessage, onStatus }) {
    this.tableId = tableId;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.v = null;
    this.epoch = null;
    this.closed = false;
    this.nextId = 1;
    this.pending = new Map();
    this.retry = 0;
    this.timer = null;
    // A tab coming back to the front (or the network coming back) reconnects at once
    // instead of waiting out the back-off: the seat is the player's, not the socket's.
    this.wake = () => {
      if (this.closed || document.visibilityState === "hidden") return;
      if (!this.ws || this.ws.readyState === WebSocket.CLOSED) { clearTimeout(this.timer); this.retry = 0; this.connect(); }
    };
    document.addEventListener("visibilitychange", this.wake);
    window.addEventListener("online", this.wake);
    window.addEventListener("focus", this.wake);
    this.connect();
  }

  url() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    let url = `${scheme}://${location.host}/ws/tables/${this.tableId}`;
    if (this.v !== null && this.epoch) url += `?since=${this.v}&epoch=${encodeURIComponent(this.epoch)}`;
    return url;
  }

  connect() {
    this.onStatus("connecting");
    const ws = new WebSocket(this.url());
    this.ws = ws;
    ws.addEventListener("open", () => { this.retry = 0; this.onStatus("open"); });
    ws.addEventListener("message", (e) => this.receive(JSON.parse(e.data)));
    ws.addEventListener("close", (e) => {
      if (this.closed) return;
      if (e.code === 4404) { this.onStatus("gone"); return; }
      this.onStatus("lost");
      this.retry = Math.min(this.retry + 1, 6);
      this.timer = setTimeout(() => { if (!this.closed) this.connect(); }, 300 * 2 ** this.retry);
    });
  }

  receive(message) {
    if (message.type === "snapshot") {
      this.v = message.v;
      this.epoch = message.epoch;
    } else if (message.type === "event") {
      if (message.epoch !== this.epoch || (this.v !== null && message.v > this.v + 1)) {
        this.resync();
        return;
      }
      if (this.v !== null && message.v <= this.v) return; // already seen
      this.v = message.v;
    } else if (message.type === "epoch") {
      if (message.epoch !== this.epoch) this.resync();
      return;
    } else if (message.type === "synced") {
      this.v = message.v;
      this.epoch = message.epoch;
    }
    if (message.id !== undefined && message.id !== null && this.pending.has(message.id)) {
      const { resolve } = this.pending.get(message.id);
      this.pending.delete(message.id);
      resolve(message);
    } else if (message.type === "error" && message.code === "bad_message") {
      // A server without this message type answers without the id: settle those requests.
      for (const [id, entry] of this.pending) {
        if (entry.type !== "action") { this.pending.delete(id); entry.resolve(message); }
      }
    }
    this.onMessage(message);
  }

  resync() {
    this.send({ type: "sync", since: this.v ?? 0, epoch: this.epoch });
  }

  send(message) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(message));
      return true;
    }
    return false;
  }

  /** Send with an id; resolves with the reply (ack or error) carrying the same id, or
   * with a "no answer" error after ``wait`` milliseconds. */
  request(message, wait = 8000) {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, { resolve, type: message.type });
      if (!this.send({ ...message, id })) {
        this.pending.delete(id);
        resolve({ type: "error", code: "offline", message: "not connected" });
      }
      setTimeout(() => {
        if (this.pending.delete(id)) resolve({ type: "error", code: "timeout", message: "no answer" });
      }, wait);
    });
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    document.removeEventListener("visibilitychange", this.wake);
    window.removeEventListener("online", this.wake);
    window.removeEventListener("focus", this.wake);
    if (this.ws) this.ws.close();
  }
}
