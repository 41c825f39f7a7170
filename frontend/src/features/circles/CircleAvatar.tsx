import { Avatar } from '@mui/material';
import GroupsIcon from '@mui/icons-material/Groups';
import { personName } from '../../lib/person-name';
import type { CirclePerson } from './circles-api';

/** A circle's picture, or a group icon; decorative, as the circle's name is always written beside it. */
export function CircleAvatar({ pictureUrl, size = 40 }: { pictureUrl: string | null; size?: number }) {
  return (
    <Avatar src={pictureUrl ?? undefined} alt="" sx={{ width: size, height: size, bgcolor: '#4527a0' }}>
      <GroupsIcon aria-hidden />
    </Avatar>
  );
}

/** A member's picture, or their initial; decorative, as the name is written beside it. */
export function MemberAvatar({ person, size = 36 }: { person: CirclePerson; size?: number }) {
  return (
    <Avatar
      src={person.profileImageUrl ?? undefined}
      alt=""
      sx={{ width: size, height: size, bgcolor: 'primary.light', fontSize: size / 2.2 }}
    >
      {personName(person).slice(0, 1).toUpperCase()}
    </Avatar>
  );
}
