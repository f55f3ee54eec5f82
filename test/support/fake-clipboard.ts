/** A clipboard that records what it was given, and can refuse (as a browser does an unfocused page). */
export function fakeClipboard() {
  const written: string[] = [];
  let refuse = false;
  return {
    written,
    refuseNext: () => {
      refuse = true;
    },
    writeText: async (text: string) => {
      if (refuse) {
        refuse = false;
        throw new DOMException('Document is not focused.', 'NotAllowedError');
      }
      written.push(text);
    },
  };
}
