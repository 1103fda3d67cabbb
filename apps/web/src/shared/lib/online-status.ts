/** Whether the browser says it is online, and word when that changes: injectable in tests. */
export interface OnlineStatus {
  isOnline(): boolean;
  /** Called with the new value on every change; returns the unsubscribe. */
  subscribe(listener: (online: boolean) => void): () => void;
}

export const browserOnlineStatus: OnlineStatus = {
  isOnline: () => navigator.onLine,
  subscribe(listener) {
    const online = () => listener(true);
    const offline = () => listener(false);
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  },
};
