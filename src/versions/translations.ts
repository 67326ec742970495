/**
 * Payload's words for restoring a version, reworded: a restore makes a draft (./restore.ts), so
 * the button, its confirmation and its notice say what stays public until the editor publishes.
 */
export const RESTORE_TRANSLATIONS = {
  en: {
    version: {
      restoreThisVersion: 'Restore into a draft',
      aboutToRestore:
        'You are about to restore this {{label}} document to the state it was in on {{versionDate}}. It becomes a draft: the published version stays public until the draft is published.',
      aboutToRestoreGlobal:
        'You are about to restore the global {{label}} to the state it was in on {{versionDate}}. It becomes a draft: the published settings stay in use until the draft is published.',
      restoredSuccessfully: 'Restored into a draft. Publish it to make it public.',
    },
  },
  es: {
    version: {
      restoreThisVersion: 'Restaurar en un borrador',
      aboutToRestore:
        'Va a restaurar este {{label}} al estado en que estaba el {{versionDate}}. Se convierte en un borrador: la versión publicada sigue visible hasta que se publique el borrador.',
      aboutToRestoreGlobal:
        'Va a restaurar el global {{label}} al estado en que estaba el {{versionDate}}. Se convierte en un borrador: los ajustes publicados siguen en uso hasta que se publique el borrador.',
      restoredSuccessfully: 'Restaurado en un borrador. Publíquelo para hacerlo público.',
    },
  },
} as const
