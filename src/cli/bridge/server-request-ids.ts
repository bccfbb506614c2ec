// Requests a server sends to the host (sampling, elicitation, ping) get ids unique across all
// servers of this bridge, so two failover hosts that both use id 1 cannot be confused; the
// host's answer is routed back to the server that asked, under that server's own id.
import type { RequestId } from '@modelcontextprotocol/sdk/types.js';

/** Bounds the table when a host never answers some requests. */
const MAX_OPEN = 1000;

export class ServerRequestIds<Owner> {
  private next = 0;
  private open = new Map<string, { owner: Owner; id: RequestId }>();

  /** The id the host sees for `owner`'s request `id`. */
  issue(owner: Owner, id: RequestId): string {
    const hostId = `rcat-bridge-${++this.next}`;
    this.open.set(hostId, { owner, id });
    if (this.open.size > MAX_OPEN) this.open.delete(this.open.keys().next().value!);
    return hostId;
  }

  /** Removes and returns the server and id behind a host-side id. */
  take(hostId: RequestId): { owner: Owner; id: RequestId } | undefined {
    if (typeof hostId !== 'string') return undefined;
    const entry = this.open.get(hostId);
    this.open.delete(hostId);
    return entry;
  }

  /** The host-side id of `owner`'s request `id`, if it is still open. */
  hostIdFor(owner: Owner, id: RequestId): string | undefined {
    for (const [hostId, entry] of this.open) if (entry.owner === owner && entry.id === id) return hostId;
    return undefined;
  }
}
