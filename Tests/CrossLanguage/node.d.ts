// The few Node.js globals and modules the cross-language client and the
// runtime tests use, declared here because Debian ships no @types/node next
// to node-typescript. Only what the code calls is declared.

declare const process: {
  argv: string[];
  exitCode: number | undefined;
  stdout: { write(text: string): boolean };
  stderr: { write(text: string): boolean };
};

declare const console: {
  log(...values: unknown[]): void;
  error(...values: unknown[]): void;
};

declare function setTimeout(callback: () => void, milliseconds: number): unknown;
declare function clearTimeout(handle: unknown): void;

declare module "child_process" {
  interface ReadableText {
    setEncoding(encoding: "utf8"): void;
    on(event: "data", listener: (chunk: string) => void): this;
    on(event: "end", listener: () => void): this;
  }
  interface WritableText {
    write(text: string): boolean;
    end(): void;
  }
  interface ChildProcess {
    readonly stdin: WritableText;
    readonly stdout: ReadableText;
    on(event: "exit", listener: (code: number | null, signal: string | null) => void): this;
    on(event: "error", listener: (error: Error) => void): this;
    kill(): boolean;
  }
  function spawn(command: string, args: string[], options: { stdio: ["pipe", "pipe", "inherit"] }): ChildProcess;
}
