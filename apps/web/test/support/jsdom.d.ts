/** The part of jsdom's API the tests use (jsdom ships no types and @types/jsdom is not installed). */
declare module 'jsdom' {
  export class VirtualConsole {
    forwardTo(target: Console, options?: { jsdomErrors?: 'none' | string[] }): this;
  }
}
