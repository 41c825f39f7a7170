import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsDateString,
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  MinLength,
  ValidateIf,
} from 'class-validator';
import { US_STATES } from '../../users/index.js';
import { Equals } from '../../../common/http/equals-field.validator.js';

const trim = ({ value }: { value: unknown }): unknown => (typeof value === 'string' ? value.trim() : value);

export const PASSWORD_RULES = {
  minMessage: 'Password must be at least 8 characters',
  pattern: /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!%*?&]).*$/,
  patternMessage: 'Password must contain uppercase, lowercase, number, and special character',
};

/** Sign-up form: docs/product.md §5 Registration, with the same messages as the client. */
export class SignupDto {
  @ApiProperty()
  @Transform(trim)
  @IsString({ message: 'First name is required' })
  @IsNotEmpty({ message: 'First name is required' })
  @MaxLength(100, { message: 'First name must be at most 100 characters' })
  firstName: string;

  @ApiProperty()
  @Transform(trim)
  @IsString({ message: 'Last name is required' })
  @IsNotEmpty({ message: 'Last name is required' })
  @MaxLength(100, { message: 'Last name must be at most 100 characters' })
  lastName: string;

  @ApiProperty()
  @Transform(trim)
  @IsString({ message: 'Invalid email address' })
  @MaxLength(254, { message: 'Invalid email address' })
  @Matches(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { message: 'Invalid email address' })
  email: string;

  @ApiProperty({ minLength: 3, maxLength: 30, pattern: '^[A-Za-z0-9_]+$' })
  @Transform(trim)
  @IsString({ message: 'Username must be at least 3 characters' })
  @MinLength(3, { message: 'Username must be at least 3 characters' })
  @MaxLength(30, { message: 'Username must be at most 30 characters' })
  @Matches(/^[A-Za-z0-9_]+$/, { message: 'Username can only contain letters, numbers, and underscores' })
  username: string;

  @ApiProperty({ minLength: 8 })
  @IsString({ message: 'Password must be at least 8 characters' })
  @MinLength(8, { message: PASSWORD_RULES.minMessage })
  @MaxLength(128, { message: 'Password must be at most 128 characters' })
  @Matches(PASSWORD_RULES.pattern, { message: PASSWORD_RULES.patternMessage })
  password: string;

  @ApiProperty()
  @IsString({ message: "Passwords don't match" })
  @Equals('password', { message: "Passwords don't match" })
  confirmPassword: string;

  @ApiPropertyOptional()
  @Transform(trim)
  @IsOptional()
  @ValidateIf((_object, value) => value !== '')
  @IsString({ message: 'Phone number must be text' })
  @MaxLength(32, { message: 'Phone number must be at most 32 characters' })
  @Matches(/^[+()\d\s.-]{5,32}$/, { message: 'Invalid phone number' })
  phoneNumber?: string;

  @ApiProperty({ format: 'date' })
  @IsString({ message: 'Birthday is required' })
  @IsNotEmpty({ message: 'Birthday is required' })
  @IsDateString({ strict: true }, { message: 'Birthday must be a valid date' })
  birthday: string;

  @ApiProperty({ enum: US_STATES })
  @IsIn(US_STATES, { message: 'State is required' })
  state: string;
}
