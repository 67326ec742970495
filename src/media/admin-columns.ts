/** What an editor sees in the media list: the file (with its preview), its alt text, its size. */
export const MEDIA_LIST_COLUMNS = ['filename', 'alt', 'width', 'height', 'updatedAt']
