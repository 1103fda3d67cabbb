/**
 * PouchDB's `indexeddb` adapter opens its database at version `2·10^13 + Date.now()` every time
 * (its `createIdbVersion`): the time is how it notices another tab upgraded the database. After
 * the device's clock goes back (a wrong clock put right, a laptop's battery run flat), that
 * version is lower than the one stored, IndexedDB refuses the open (VersionError) and the
 * workspace would not open on this device until the clock caught up with its last opening.
 *
 * Before a replica opens, this reads the stored version; when it is ahead of what PouchDB will
 * ask, `indexedDB.open` for that database asks for the stored version + 1 instead: an upgrade
 * PouchDB handles as it does any (no schema step for a database of its own version).
 */
const MULTIPLIER = 1e13;
const floors = new Map<string, number>();
let guarded = false;

export function idbNameOf(replicaName: string): string {
  return `_pouch_${replicaName}`;
}

/** The version to ask for instead of `asked`, given what the database holds (pure, tested). */
export function versionToAsk(asked: number | undefined, floor: number | undefined) {
  return asked !== undefined && floor !== undefined && asked < floor ? floor : asked;
}

/** Whether a database stored at `held` is ahead of what PouchDB asks for at `now`. */
export function clockWentBack(held: number, now: number): boolean {
  return held >= Math.floor(held / MULTIPLIER) * MULTIPLIER + now;
}

export async function allowOpeningAfterClockWentBack(
  replicaName: string,
  factory: IDBFactory = indexedDB,
): Promise<void> {
  const name = idbNameOf(replicaName);
  // `databases()` is in every browser Keel supports; without it, nothing to guard.
  const held = (await factory.databases?.())?.find((d) => d.name === name)?.version;
  if (held === undefined || !clockWentBack(held, Date.now())) return;
  floors.set(name, held + 1);
  if (guarded) return;
  guarded = true;
  const open = factory.open.bind(factory);
  factory.open = (dbName: string, version?: number) =>
    open(dbName, versionToAsk(version, floors.get(dbName)));
}
