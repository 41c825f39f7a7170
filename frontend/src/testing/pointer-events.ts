/**
 * jsdom has no PointerEvent, so Testing Library's fireEvent.pointer* would send plain Events without
 * clientX. This installs a minimal one built on MouseEvent; call it once in a test file.
 */
export function installPointerEvents(): void {
  if (typeof window.PointerEvent === 'function') return;
  class TestPointerEvent extends MouseEvent {
    readonly pointerId: number;
    readonly pointerType: string;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 1;
      this.pointerType = init.pointerType ?? 'touch';
    }
  }
  Object.defineProperty(window, 'PointerEvent', {
    value: TestPointerEvent,
    configurable: true,
    writable: true,
  });
}
