import type { FastifyReply, FastifyRequest } from 'fastify';
import { etagOf, type VersionConflict, versionOfIfMatch } from '../../contract/versions';
import { fail } from '../http/errors';

/**
 * The version a publish was edited from (`If-Match: "<version>"`, ARCHITECTURE §8 "Editing"):
 * 428 without one, 400 for one that is no quoted number.
 */
export function editedFromVersion(request: FastifyRequest): number {
  const header = request.headers['if-match'];
  const version = versionOfIfMatch(Array.isArray(header) ? header[0] : header);
  if (version === null) throw fail.preconditionRequired('version.ifMatchRequired');
  if (version === 'malformed') throw fail.field('If-Match', 'version.ifMatchMalformed');
  return version;
}

/** Tells the editor which version it loaded: `ETag: "<version>"`. */
export function sendVersion(reply: FastifyReply, version: number): void {
  reply.header('ETag', etagOf(version));
}

/**
 * Refuses a publish edited from another version than the newest (409, the newest version, its
 * author and time as `data`); call inside the write's transaction, after taking turns on the
 * thing published, so the newest cannot change before the new version is stored.
 */
export function refuseUnlessNewest(editedFrom: number, newest: VersionConflict): void {
  if (editedFrom === newest.version) return;
  throw fail.conflict(
    'version.stale',
    { version: newest.version, savedBy: newest.savedBy?.name ?? '-', savedAt: newest.savedAt ?? '-' },
    [{ path: 'If-Match', message: 'version.stale' }],
    newest,
  );
}
