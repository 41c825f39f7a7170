import {
  IsInt,
  IsString,
  MaxLength,
  MetadataStorage,
  ValidateIf,
  registerDecorator,
  validate,
} from 'class-validator';
import { cacheValidationMetadata } from './validation-metadata-cache.js';

class Named {
  @IsString({ message: 'name must be text' })
  name!: string;
}

class Aged extends Named {
  @IsInt({ message: 'age must be a whole number' })
  age!: number;
}

class Renamed extends Named {
  @MaxLength(3, { message: 'name is too long' })
  override name!: string;
}

const messages = async (object: object): Promise<string[]> =>
  (await validate(object)).flatMap((error) => Object.values(error.constraints ?? {})).sort();

const make = <T extends object>(type: new () => T, fields: Partial<T>): T =>
  Object.assign(new type(), fields);

describe('cacheValidationMetadata', () => {
  it('answers every class, inherited rules included, exactly as class-validator does uncached', async () => {
    const cases = [
      make(Named, { name: 'Ana' }),
      make(Named, { name: 7 as unknown as string }),
      make(Aged, { name: 'Ana', age: 1.5 }),
      make(Aged, { name: 3 as unknown as string, age: 30 }),
      make(Renamed, { name: 'Anastasia' }),
      make(Renamed, { name: 5 as unknown as string }),
    ];
    const before = await Promise.all(cases.map(messages));
    cacheValidationMetadata();
    for (let round = 0; round < 3; round += 1) {
      expect(await Promise.all(cases.map(messages))).toEqual(before);
    }
    expect(before[3]).toEqual(['name must be text']);
    expect(before[4]).toEqual(['name is too long']);
  });

  it('keeps one answer per class and options, and forgets them all when a rule is registered', () => {
    const storage = new MetadataStorage();
    const lookups: unknown[] = [];
    const original = storage.getTargetValidationMetadatas.bind(storage);
    storage.getTargetValidationMetadatas = (...args) => {
      lookups.push(args[0]);
      return original(...args);
    };
    cacheValidationMetadata(storage);
    const first = storage.getTargetValidationMetadatas(Aged, '', false, false);
    expect(storage.getTargetValidationMetadatas(Aged, '', false, false)).toBe(first);
    expect(storage.getTargetValidationMetadatas(Aged, '', true, false)).not.toBe(first);
    expect(storage.groupByPropertyName(first)).toBe(storage.groupByPropertyName(first));
    expect(lookups).toEqual([Aged, Aged]);

    storage.addValidationMetadata(
      // What a decorator registers; a class loaded after the first validation.
      {
        type: 'customValidation',
        target: Aged,
        propertyName: 'age',
        constraints: [],
        validationTypeOptions: undefined,
        each: false,
        always: undefined,
        groups: [],
      } as unknown as Parameters<MetadataStorage['addValidationMetadata']>[0],
    );
    storage.getTargetValidationMetadatas(Aged, '', false, false);
    expect(lookups).toEqual([Aged, Aged, Aged]);
  });

  it('sees the rules of a class declared after the cache is in place', async () => {
    cacheValidationMetadata();
    class Later {
      @ValidateIf((later: Later) => later.kind === 'pot')
      @IsString({ message: 'stake is required' })
      stake?: string;

      kind!: string;
    }
    registerDecorator({
      target: Later,
      propertyName: 'kind',
      validator: { validate: (value: unknown) => value === 'duel' || value === 'pot' },
      options: { message: 'kind is duel or pot' },
    });
    expect(await messages(make(Later, { kind: 'pot' }))).toEqual(['stake is required']);
    expect(await messages(make(Later, { kind: 'duel' }))).toEqual([]);
    expect(await messages(make(Later, { kind: 'bet' }))).toEqual(['kind is duel or pot']);
  });
});
