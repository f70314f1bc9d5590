import { createHash } from 'node:crypto';
import {
  NEW_TRIP_CONTACTS_PER_DAY,
  newContactAddresses,
  TRIP_PLANS_PER_DAY,
  TRIP_STOP_LINK_LIFETIME_MS,
} from '../domain/trip-plan';
import { ConflictError, NotFoundError, TooManyRequestsError } from '../lib/errors';
import { siteUrl } from '../lib/email';
import { isSuppressed, suppressAddress } from '../repositories/email';
import { displayNamesOf } from '../repositories/group-activities';
import {
  deleteStopLinksOf,
  getStopLink,
  knownContactHashes,
  putStopLinks,
  refuseSender,
  refusingContactHashes,
  rememberContacts,
  returnTripAllowance,
  takeTripAllowance,
} from '../repositories/trip-contacts';
import { FALLBACK_DISPLAY_NAME, planDateOf, planStartInstant } from '../shared/schemas/group-activities';
import type {
  EmergencyContact,
  TripContactStop,
  TripContactStopResult,
  TripContactStopView,
} from '../shared/schemas/trip-plans';
import { hashToken, newToken } from './email';

/**
 * Who a trip plan's filer may mail (so TrailBuddy is no relay to strangers): a daily number of plans and of new
 * addresses, a fixed-text first notice to a new address, and the two stop links in every contact email.
 */

/** Addresses are keyed by their SHA-256, so the filer's partition holds no address in the clear. */
export const addressHash = (address: string) =>
  createHash('sha256').update(address.trim().toLowerCase(), 'utf8').digest('base64url');

/** The web page a stop link opens (a GET shows it; only its confirm button acts). */
export const stopPath = (token: string, stop: TripContactStop) => `/trip-stop/${token}?stop=${stop}`;

/**
 * Refuses a plan naming an address that asked for no more mail from this filer, or for no TrailBuddy mail at all
 * (or that bounced or complained): 409 with the field to change, so the form shows it beside the contact.
 */
export async function refuseStoppedContacts(filerId: string, contacts: readonly EmergencyContact[]): Promise<void> {
  const refusing = await refusingContactHashes(
    filerId,
    contacts.map((c) => addressHash(c.email)),
  );
  const fields: Record<string, string> = {};
  for (const [i, contact] of contacts.entries()) {
    if (refusing.has(addressHash(contact.email)))
      fields[`contacts.${i}.email`] = 'This person has asked not to get trip plans from you. Choose another contact.';
    else if (await isSuppressed(contact.email))
      fields[`contacts.${i}.email`] =
        'This address has asked not to get any TrailBuddy email (or cannot receive it). Choose another contact.';
  }
  const first = Object.values(fields)[0];
  if (first) throw new ConflictError(first, 'contact_opted_out', fields);
}

/** Seconds until the next day (British Columbia) begins, when the daily limits start again. */
function secondsUntilTomorrow(now: Date): number {
  const today = planDateOf(now);
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const tomorrow = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
  return Math.max(1, Math.ceil((planStartInstant(tomorrow, '00:00').getTime() - now.getTime()) / 1000));
}

export interface FilingAllowance {
  /** Addresses the filer names for the first time: they get the fixed-text notice. */
  firstContacts: ReadonlySet<string>;
  /** The plan was filed: its new addresses are known from now on. */
  filed(now: Date): Promise<void>;
  /** The plan was not filed after all: the day's counts are given back. */
  giveBack(): Promise<void>;
}

/** Counts a plan and its new addresses against the filer's day; 429 with the limit when either is used up. */
export async function takeFilingAllowance(
  filerId: string,
  addresses: readonly string[],
  now: Date,
): Promise<FilingAllowance> {
  const hashes = new Map(addresses.map((a) => [addressHash(a), a]));
  const known = await knownContactHashes(filerId, [...hashes.keys()]);
  const fresh = newContactAddresses([...hashes.keys()], known);
  const day = planDateOf(now);
  const outcome = await takeTripAllowance(
    filerId,
    day,
    fresh.length,
    { plans: TRIP_PLANS_PER_DAY, newContacts: NEW_TRIP_CONTACTS_PER_DAY },
    now,
  );
  if (outcome === 'plans_exhausted')
    throw new TooManyRequestsError(
      `You can file up to ${TRIP_PLANS_PER_DAY} trip plans a day. Please try again tomorrow.`,
      secondsUntilTomorrow(now),
      'trip_plan_limit',
    );
  if (outcome === 'contacts_exhausted')
    throw new TooManyRequestsError(
      `You can name up to ${NEW_TRIP_CONTACTS_PER_DAY} new emergency contacts a day. Choose a contact you have named before, or try again tomorrow.`,
      secondsUntilTomorrow(now),
      'trip_contact_limit',
    );
  return {
    firstContacts: new Set(fresh.map((hash) => hashes.get(hash)!)),
    filed: (at) => rememberContacts(filerId, fresh, at),
    giveBack: () => returnTripAllowance(filerId, day, fresh.length),
  };
}

export interface StopLinks {
  sender: string;
  address: string;
}

/** Fresh stop links for each address (one token per email; only its SHA-256 is stored). */
export async function createStopLinks(
  senderId: string,
  addresses: readonly string[],
  now: Date,
): Promise<Map<string, StopLinks>> {
  const tokens = addresses.map((address) => ({ address, token: newToken() }));
  await putStopLinks(
    tokens.map(({ address, token }) => ({ senderId, address, tokenHash: hashToken(token) })),
    new Date(now.getTime() + TRIP_STOP_LINK_LIFETIME_MS),
  );
  return new Map(
    tokens.map(({ address, token }) => [
      address,
      { sender: `${siteUrl()}${stopPath(token, 'sender')}`, address: `${siteUrl()}${stopPath(token, 'address')}` },
    ]),
  );
}

/** The addresses (of these) that still take mail from this sender: not refused, not suppressed. */
export async function addressesStillMailable(senderId: string, addresses: readonly string[]): Promise<Set<string>> {
  const refusing = await refusingContactHashes(senderId, addresses.map(addressHash));
  const mailable = new Set<string>();
  for (const address of addresses)
    if (!refusing.has(addressHash(address)) && !(await isSuppressed(address))) mailable.add(address);
  return mailable;
}

async function stopLinkOrNotFound(token: string, now: Date) {
  const link = await getStopLink(hashToken(token), now);
  if (!link) throw new NotFoundError('This link is not valid any more.');
  const senderName = (await displayNamesOf([link.senderId], FALLBACK_DISPLAY_NAME)).get(link.senderId)!;
  return { ...link, senderName };
}

/** GET /api/trip-contact-stops/{token}: who the stop is about; changes nothing (mail scanners open links). */
export async function showContactStop(token: string, now: Date): Promise<TripContactStopView> {
  return { senderName: (await stopLinkOrNotFound(token, now)).senderName };
}

/**
 * POST /api/trip-contact-stops/{token}: "I don't know this person" (the sender can no longer name this address) or
 * "Never email me" (the address joins the suppression list every send honours). Doing it twice changes nothing more.
 */
export async function confirmContactStop(
  token: string,
  stop: TripContactStop,
  now: Date,
): Promise<TripContactStopResult> {
  const link = await stopLinkOrNotFound(token, now);
  if (stop === 'sender') await refuseSender(link.senderId, addressHash(link.address), now);
  else await suppressAddress(link.address, 'request', now);
  return { stopped: stop, senderName: link.senderName };
}

/** Account deletion: the filer's stop links (their counters, known and refusing addresses go with their partition). */
export const eraseTripContactsOfUser = (userId: string): Promise<number> => deleteStopLinksOf(userId);
