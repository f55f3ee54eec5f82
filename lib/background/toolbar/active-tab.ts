/** The part of `browser.tabs` that finds the tab the user is in. */
export interface ActiveTabQuery {
  query(query: { active: true; currentWindow: true }): Promise<Array<{ id?: number }>>;
}

/** The active tab of the focused window: where an action with no tab of its own reports. */
export async function activeTabId(tabs: ActiveTabQuery): Promise<number | undefined> {
  return (await tabs.query({ active: true, currentWindow: true }))[0]?.id;
}
