/**
 * Toasts and alerts for code outside React (the http client). The app shell plugs in Ant Design's
 * context-aware instances; until then nothing is shown.
 */
export type Feedback = {
  error(text: string): void;
  warning(text: string): void;
  success(text: string): void;
  /** A modal alert; `onClose` runs when it is dismissed. */
  alert(title: string, text: string, onClose: () => void): void;
};

let impl: Feedback | null = null;

export function setFeedback(next: Feedback | null): void {
  impl = next;
}

export const feedback: Feedback = {
  error: (text) => impl?.error(text),
  warning: (text) => impl?.warning(text),
  success: (text) => impl?.success(text),
  alert: (title, text, onClose) => (impl ? impl.alert(title, text, onClose) : onClose()),
};
