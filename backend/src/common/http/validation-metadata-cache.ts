import { getMetadataStorage } from 'class-validator';

type Storage = ReturnType<typeof getMetadataStorage>;
type Lookup = Storage['getTargetValidationMetadatas'];
type Metadatas = ReturnType<Lookup>;
type Grouped = ReturnType<Storage['groupByPropertyName']>;

const cached = new WeakSet<Storage>();

/**
 * class-validator works out a class's rules again on every `validate()`: it tests every decorated class of
 * the app for being an ancestor and filters their rules (typestack/class-validator#2686), then groups them
 * by property. With our DTOs that was the largest part of validating a body. The rules of a class are
 * registered when its module loads and never change afterwards, so each answer is kept per class and options;
 * registering a rule (a class loaded late) forgets every kept answer, so none can go stale.
 */
export function cacheValidationMetadata(storage: Storage = getMetadataStorage()): void {
  if (cached.has(storage)) return;
  cached.add(storage);
  const lookup: Lookup = storage.getTargetValidationMetadatas.bind(storage);
  const group = storage.groupByPropertyName.bind(storage);
  const register = storage.addValidationMetadata.bind(storage);
  let answers = new WeakMap<object, Map<string, Metadatas>>();
  let groupings = new WeakMap<Metadatas, Grouped>();

  storage.addValidationMetadata = (metadata) => {
    answers = new WeakMap();
    groupings = new WeakMap();
    register(metadata);
  };
  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    const key = `${schema}\u0000${always}\u0000${strictGroups}\u0000${groups?.join('\u0001') ?? ''}`;
    let perClass = answers.get(target);
    if (!perClass) {
      perClass = new Map();
      answers.set(target, perClass);
    }
    let found = perClass.get(key);
    if (!found) {
      found = lookup(target, schema, always, strictGroups, groups);
      perClass.set(key, found);
    }
    return found;
  };
  // The executor groups the list it was just given; a kept list's grouping is kept with it.
  storage.groupByPropertyName = (metadatas) => {
    let grouped = groupings.get(metadatas);
    if (!grouped) {
      grouped = group(metadatas);
      groupings.set(metadatas, grouped);
    }
    return grouped;
  };
}
