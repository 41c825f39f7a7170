import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user.js';
import { Transactor } from '../../database/transactor.js';
import { BetRecords, profileOf } from '../users/index.js';
import type { PersonProfileDto, PersonResultDto, SuggestionDto } from './dto/person.dto.js';
import { PersonNotFoundError, SelfDismissError } from './friends.errors.js';
import { BetsTogether } from './bets-together.js';
import { PeopleRepository } from './people.repository.js';
import { escapeLike, friendshipStatusOf, presentPerson, relationTo } from './person-rows.js';

export const SEARCH_MAX_LENGTH = 100;
/** Fewest digits a phone number search needs, so "12" is never a phone number. */
const PHONE_MIN_DIGITS = 7;

/** Search text as typed: trimmed, NUL characters dropped (PostgreSQL text cannot hold them). */
function cleanQuery(q: string | undefined): string {
  return (q ?? '').split('\u0000').join('').trim();
}

/** The digits of a search that reads as a whole phone number (digits, spaces, + ( ) . -), else null. */
export function phoneDigits(text: string): string | null {
  if (!/^[+()\d\s.-]+$/.test(text)) return null;
  const digits = text.replace(/\D/g, '');
  return digits.length >= PHONE_MIN_DIGITS ? digits : null;
}

@Injectable()
export class PeopleService {
  constructor(
    private readonly transactor: Transactor,
    private readonly people: PeopleRepository,
    private readonly records: BetRecords,
    private readonly together: BetsTogether,
  ) {}

  /**
   * Finds people by what a searcher knows of them (docs/product.md, "Finding people"), in one query:
   * - a username: exact, by prefix, and from 3 characters anywhere in it (pg_trgm index);
   * - a whole email address, or a whole phone number (its digits), finds the account it belongs to;
   * - a first name, last name or "first last" by prefix, accents and case folded ("zoe" finds Zoë), only
   *   for people whose names the viewer may see, so a hidden name can never be probed.
   * Ranked: exact username/email/phone, then username prefix (alphabetical), then the rest by how similar
   * the username is to the text (pg_trgm similarity: "maya" ranks demo_maya above the_maya_fan_club).
   * Never the searcher, never deleted or banned people; results show only what privacy allows.
   */
  async search(viewer: AuthUser, q: string | undefined): Promise<PersonResultDto[]> {
    const text = cleanQuery(q);
    if (text.length === 0) return [];
    const digits = phoneDigits(text);
    const rows = await this.transactor.read((tx) =>
      this.people.search(tx, viewer, text, escapeLike(text), digits),
    );
    return rows.map((row) => presentPerson(viewer, row));
  }

  /**
   * For when search finds nothing: friends of friends (most mutual friends first), then people whose
   * username starts with the same two letters as the text (closest length first). Never the viewer or
   * their friends; at most ten; one query.
   */
  async suggestions(viewer: AuthUser, q: string | undefined): Promise<PersonResultDto[]> {
    const text = cleanQuery(q);
    const stem = text.length >= 2 ? escapeLike(text.slice(0, 2)) : null;
    const rows = await this.transactor.read((tx) => this.people.suggestions(tx, viewer.id, stem, text));
    return rows.map((row) => presentPerson(viewer, row));
  }

  /**
   * "People you may know" on /friends (docs/product.md, "Finding people"): friends of friends, most mutual
   * friends first, and people the viewer has bet with (asked of bets) who are not friends yet; never the
   * viewer, their friends, anyone they dismissed, or deleted and banned people. At most ten.
   */
  async peopleYouMayKnow(viewer: AuthUser): Promise<SuggestionDto[]> {
    const rows = await this.transactor.read(async (tx) =>
      this.people.peopleYouMayKnow(tx, viewer.id, await this.together.opponentsOf(tx, viewer.id)),
    );
    return rows.map((row) => ({
      ...presentPerson(viewer, row),
      mutualFriends: row.mutualFriends,
      betTogether: row.betTogether,
    }));
  }

  /** Stops suggesting someone to the viewer; dismissing twice is fine. 404 for nobody, 400 for yourself. */
  async dismissSuggestion(viewer: AuthUser, personId: string): Promise<void> {
    if (personId === viewer.id) throw new SelfDismissError();
    await this.transactor.read(async (tx) => {
      if (!(await this.people.isActivePerson(tx, personId))) throw new PersonNotFoundError();
      await this.people.dismiss(tx, viewer.id, personId);
    });
  }

  /** One person's profile, every field their privacy settings hide from the viewer set to null. */
  async profile(viewer: AuthUser, personId: string): Promise<PersonProfileDto> {
    const { row, record } = await this.transactor.read(async (tx) => {
      const row = await this.people.profile(tx, viewer, personId);
      return { row, record: row ? await this.records.wonLostOf(tx, row.id) : undefined };
    });
    if (!row || !record) throw new PersonNotFoundError();
    const friendshipStatus = friendshipStatusOf(viewer.id, row.friendshipState, row.friendshipRequesterId);
    const relation = relationTo(viewer, row.id, friendshipStatus === 'friends');
    return { ...profileOf(row, relation, record), friendshipStatus };
  }
}
