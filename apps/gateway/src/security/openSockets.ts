/**
 * The sockets open at any moment and the credentials each was opened with (issue 21 item 5): a logout closes the
 * sockets its session opened, and a security change closes those whose credentials no longer pass, so a socket never
 * outlives the password it was opened with. The device itself keeps such sockets open (SECURITY.md).
 */
export interface OpenSocket {
  /** The Authorization the upgrade was allowed with (own header or the session's), undefined when anonymous. */
  authorization: string | undefined;
  /** The session token whose credentials were used, when they came from the cookie. */
  token: string | undefined;
  close(): void;
}

export interface OpenSockets {
  /** Registers a socket; the returned function forgets it (call it when the socket closes). */
  add(socket: OpenSocket): () => void;
  /** Logout: closes the sockets opened with this session's credentials. */
  closeSession(token: string | undefined): void;
  /** Closes the sockets whose credentials `stale` refuses (after a password or read-only change). */
  closeWhere(stale: (authorization: string | undefined) => boolean): void;
  /** The distinct credentials of the open sockets (the proxy asks the device about each). */
  authorizations(): (string | undefined)[];
}

export function createOpenSockets(): OpenSockets {
  const open = new Set<OpenSocket>();
  const closeAll = (pick: (s: OpenSocket) => boolean): void => {
    for (const s of [...open]) {
      if (!pick(s)) continue;
      open.delete(s);
      s.close();
    }
  };
  return {
    add(socket) {
      open.add(socket);
      return () => open.delete(socket);
    },
    closeSession(token) {
      if (token !== undefined) closeAll((s) => s.token === token);
    },
    closeWhere(stale) {
      closeAll((s) => stale(s.authorization));
    },
    authorizations: () => [...new Set([...open].map((s) => s.authorization))],
  };
}
