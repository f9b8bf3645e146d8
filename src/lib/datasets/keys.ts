/** R2 keys every dataset has, whatever its benchmark: its prefix and its manifest. */
export const datasetKeys = {
  prefix: (id: string) => `datasets/${id}/`,
  manifest: (id: string) => `datasets/${id}/manifest.json`,
};
