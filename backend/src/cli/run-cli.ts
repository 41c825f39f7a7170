const message = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * Runs a command's `main` on the process arguments and exits with the code it decides, or 1 with one line
 * when it throws. The exit is explicit: nothing left open (a pool, a server's pipe) may keep the process up.
 */
export function runCli(main: (argv: string[]) => Promise<number>, failure: string): void {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`${failure}: ${message(error)}`);
      process.exit(1);
    },
  );
}
