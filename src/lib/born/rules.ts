/**
 * The birth-date rules by name, with what each one misses. Every `born` date carries the name of the
 * rule that produced it, because dates are evidence, not proof: a page or a stored record shows the
 * rule, and these texts say how far to trust it. docs/contamination-rules.md explains them at length.
 */

/** Package registries: the publish time of the first version whose files hold the body (src/lib/born/series.ts). */
export const SERIES_RULE = "registry-first-version-holding-body";

/** Git: the first commit of the file's followed history that brought the body in (cli/lib/born-git.ts). */
export const GIT_RULE = "git-first-commit-holding-body";

export type BornRule = typeof SERIES_RULE | typeof GIT_RULE;

/** What a rule's date is, and the ways it can be later than the code's true first appearance. */
export interface RuleDescription {
  rule: BornRule;
  /** Which date `born` is. */
  date: string;
  /** Ways the date can be wrong, most often later than the code really first existed. */
  misses: readonly string[];
}

const COMMON_MISSES = [
  "code copied from elsewhere (another project, a tutorial, an answer site) is dated by its arrival here",
  "an earlier version of the code, differing by any token, does not count, though a model may have seen it",
  "whitespace is compared as runs, so a formatter that adds or removes spaces between tokens re-dates the code",
];

/** The rules, each with its date and its blind spots. */
export const BORN_RULES: Readonly<Record<BornRule, RuleDescription>> = {
  [SERIES_RULE]: {
    rule: SERIES_RULE,
    date: "the registry's publish time of the first version (in publish order) whose files hold the normalised body",
    misses: [
      "publish time is when the registry received the version, not when the code was written: " +
        "it may have been public in the source repository long before",
      "only the versions given are searched: a series that starts late dates older code by its first version",
      ...COMMON_MISSES,
    ],
  },
  [GIT_RULE]: {
    rule: GIT_RULE,
    date:
      "the earlier of author and committer date of the first commit, in the file's `git log --follow` history, " +
      "whose version of the file holds the normalised body (in general: the earliest-dated commit that brought it in)",
    misses: [
      "commit dates are set by whoever commits: they can be back- or forward-dated",
      "a squashed or rebased history keeps only the dates of the rewritten commits " +
        "(the author date survives a rebase, not a squash)",
      "code moved from another file is dated by its arrival in this file, " +
        "unless git detects the file as renamed or copied",
      "a vendored or copied file is dated by its commit here, not by its first publication",
      "a shallow clone or a history cut at the commit limit starts late, so the date can be later than the truth",
      "git's --follow tracks one name at a time: renames on merged side branches can cut the history short",
    ],
  },
};
