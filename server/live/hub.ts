import pg from "pg";
import { LIVE_CHANNEL, parseLiveMessage, type LiveMessage } from "./messages";

export type LiveListener = (message: LiveMessage) => void;

const MIN_BACKOFF_MS = 250;
const MAX_BACKOFF_MS = 10_000;

/**
 * One app server's ear on the `quire_live` channel: ONE dedicated connection LISTENing (opened on the
 * first subscription, reopened with exponential backoff when it drops), fanning each message out to
 * this process's subscribers. Each server has its own hub and PostgreSQL tells them all, so no state
 * is shared between servers. Messages sent while the connection was down are lost: subscribers are
 * told `onReconnect` so that they refetch.
 */
export class LiveHub {
  private readonly listeners = new Set<LiveListener>();
  private readonly reconnectListeners = new Set<() => void>();
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private retry: NodeJS.Timeout | null = null;
  private backoffMs = MIN_BACKOFF_MS;
  private closed = false;
  private everConnected = false;

  constructor(private readonly connectionString: string) {}

  /** Adds a listener (connecting on first use); returns its removal. */
  subscribe(listener: LiveListener, onReconnect?: () => void): () => void {
    this.listeners.add(listener);
    if (onReconnect) this.reconnectListeners.add(onReconnect);
    void this.listening().catch(() => {});
    return () => {
      this.listeners.delete(listener);
      if (onReconnect) this.reconnectListeners.delete(onReconnect);
    };
  }

  get subscriberCount(): number {
    return this.listeners.size;
  }

  /** Resolves once the channel is being listened to (tests wait for it before writing). */
  listening(): Promise<void> {
    if (this.closed) return Promise.reject(new Error("The live hub is closed."));
    if (this.client) return Promise.resolve();
    this.connecting ??= this.connect().finally(() => (this.connecting = null));
    return this.connecting;
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString, application_name: "quire-live", keepAlive: true });
    client.on("notification", (notification) => {
      if (notification.channel !== LIVE_CHANNEL) return;
      const message = parseLiveMessage(notification.payload);
      if (!message) return;
      for (const listener of this.listeners) {
        try {
          listener(message);
        } catch (error) {
          console.error("Live update listener failed:", error);
        }
      }
    });
    const lost = () => this.lost(client);
    client.on("error", lost);
    client.on("end", lost);
    try {
      await client.connect();
      await client.query(`LISTEN ${LIVE_CHANNEL}`);
    } catch (error) {
      client.removeAllListeners("end");
      await client.end().catch(() => {});
      this.scheduleReconnect();
      throw error;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.backoffMs = MIN_BACKOFF_MS;
    // A reconnection may have missed messages: whoever listens refetches.
    if (this.everConnected) for (const listener of this.reconnectListeners) listener();
    this.everConnected = true;
  }

  private lost(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = null;
    client.removeAllListeners("notification");
    void client.end().catch(() => {});
    if (!this.closed) this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.retry) return;
    const delay = this.backoffMs * (0.5 + Math.random());
    this.backoffMs = Math.min(this.backoffMs * 2, MAX_BACKOFF_MS);
    this.retry = setTimeout(() => {
      this.retry = null;
      if (!this.client && this.listeners.size > 0) void this.listening().catch((error) => console.error("Live updates: reconnecting to PostgreSQL failed:", error.message));
    }, delay);
    this.retry.unref();
  }

  /** Drops the connection and every subscriber (tests; shutting down). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    this.listeners.clear();
    this.reconnectListeners.clear();
    await this.connecting?.catch(() => {});
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }
}

const globalLive = globalThis as unknown as { quireLiveHub?: LiveHub };

/** This process's hub, on the database of `DATABASE_URL` (kept on globalThis across Next.js dev reloads). */
export function liveHub(): LiveHub {
  if (!globalLive.quireLiveHub) {
    const connectionString = process.env.DATABASE_URL;
    if (!connectionString) throw new Error("DATABASE_URL is not set: live updates need the database.");
    globalLive.quireLiveHub = new LiveHub(connectionString);
  }
  return globalLive.quireLiveHub;
}
