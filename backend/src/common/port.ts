/**
 * A module's port for something another module knows, where that module imports this one and so cannot be
 * imported back: the knowing module plugs its source in when it starts (onModuleInit). Asking before then
 * throws, so a source left unplugged fails loudly instead of answering zeros.
 */
export abstract class Port<Source> {
  private source?: Source;

  protected constructor(private readonly what: string) {}

  plugIn(source: Source): void {
    this.source = source;
  }

  protected get plugged(): Source {
    if (!this.source)
      throw new Error(`No ${this.what} source: the module that knows plugs one in when it starts`);
    return this.source;
  }
}
