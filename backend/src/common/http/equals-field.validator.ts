import { registerDecorator, type ValidationArguments, type ValidationOptions } from 'class-validator';

/** The decorated property must equal another property of the same object (e.g. confirmPassword). */
export function Equals(property: string, options?: ValidationOptions) {
  return (object: object, propertyName: string) => {
    registerDecorator({
      name: 'equalsField',
      target: object.constructor,
      propertyName,
      constraints: [property],
      options,
      validator: {
        validate(value: unknown, args: ValidationArguments) {
          const [other] = args.constraints as [string];
          return value === (args.object as Record<string, unknown>)[other];
        },
      },
    });
  };
}
