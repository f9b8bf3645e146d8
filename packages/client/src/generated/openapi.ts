/**
 * needlework's API, generated from its OpenAPI document (GET /openapi.json) by openapi-typescript.
 * Do not edit: `npm run client:types` in the needlework repository writes it again.
 */

export interface paths {
    "/v1/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Service, scorer, parser runtime and grammar versions, and the number of ready datasets */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The service is up */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Health"];
                    };
                };
                /** @description Too many requests */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/metrics/bleu": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Smoothed sentence BLEU (NLTK method4 on whitespace tokens), as RepoQA computes similarity */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["BleuRequest"];
                };
            };
            responses: {
                /** @description One score per pair, in request order */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["BleuResponse"];
                    };
                };
                /** @description Request failed validation; Malformed JSON body; Body does not decode */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unsupported media type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unprocessable content; Input too costly to process */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too many requests */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/metrics/codebleu": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** CodeBLEU as the codebleu 0.7.x package computes it: n-gram, keyword-weighted n-gram, syntax and data-flow match */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["CodeBleuRequest"];
                };
            };
            responses: {
                /** @description One score per pair (each a corpus of one), in request order, and the corpus score when asked */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["CodeBleuResponse"];
                    };
                };
                /** @description Request failed validation; Malformed JSON body; Body does not decode */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unsupported media type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unprocessable content; Input too costly to process */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too many requests */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/score": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Score one model answer to a unit of any benchmark (`benchmark` + `unit`), or to a RepoQA task (`task`, the original shape) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["UnitScoreRequest"] | components["schemas"]["ScoreRequest"];
                };
            };
            responses: {
                /** @description The verdict (UnitScoreResult for the benchmark shape) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["UnitScoreResult"] | components["schemas"]["ScoreResult"];
                    };
                };
                /** @description Request failed validation; Malformed JSON body; Body does not decode */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unsupported media type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unprocessable content; Input too costly to process */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too many requests */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/score/promptfoo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Score one output as promptfoo's webhook assertion sends it (`{output, context: {prompt, vars}}`), answering promptfoo's `{pass, score, reason}` */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            /** @description promptfoo's webhook request; the test cases of GET .../export?format=promptfoo carry the variables */
            requestBody: {
                content: {
                    "application/json": components["schemas"]["PromptfooWebhookRequest"];
                };
            };
            responses: {
                /** @description The verdict as a promptfoo GradingResult */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PromptfooGradingResult"];
                    };
                };
                /** @description Request failed validation; Malformed JSON body; Body does not decode */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unsupported media type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unprocessable content; Input too costly to process */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too many requests */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/score/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Score up to 100 answers to units of one benchmark's dataset (or RepoQA tasks, the original shape), with pass@1 per language */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["UnitBatchScoreRequest"] | components["schemas"]["BatchScoreRequest"];
                };
            };
            responses: {
                /** @description Verdicts in request order and pass@1 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["UnitBatchScoreResult"] | components["schemas"]["BatchScoreResult"];
                    };
                };
                /** @description Request failed validation; Malformed JSON body; Body does not decode */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unsupported media type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unprocessable content; Input too costly to process */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too many requests */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/benchmarks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every hosted benchmark, with its ready datasets */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The benchmarks */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            benchmarks: components["schemas"]["BenchmarkInfo"][];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/benchmarks/{benchmark}/datasets/{dataset}/units": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The units a run of a benchmark over a dataset covers, in run order, paged and filtered */
        get: {
            parameters: {
                query?: {
                    /** @description Only units in this language (repeatable) */
                    language?: string | string[];
                    /** @description Only the units of this task id */
                    task?: string;
                    /** @description Only units whose id starts with this */
                    prefix?: string;
                    /** @description The benchmark's run options as JSON, e.g. `{"scoring_mode":"strict"}` or `{"tasks":["CU_P"]}` (default `{}`) */
                    options?: string;
                    limit?: number;
                    /** @description The `next` cursor of the previous page */
                    after?: string;
                };
                header?: never;
                path: {
                    /** @description One of repoqa-snf, lexical-recall, cruxeval-o, semtrace, sensitivity-semtrace, sensitivity-cruxeval-o, longcodeu */
                    benchmark: string;
                    dataset: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A page of units */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["BenchmarkUnitPage"];
                    };
                };
                /** @description Request failed validation; Malformed JSON body; Body does not decode */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unprocessable content; Input too costly to process */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too many requests */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/benchmarks/{benchmark}/datasets/{dataset}/units/{unit}/prompt": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A unit's exact prompt, with its prefill, default max_tokens and token count */
        get: {
            parameters: {
                query?: {
                    /** @description The benchmark's run options as JSON, e.g. `{"scoring_mode":"strict"}` or `{"tasks":["CU_P"]}` (default `{}`) */
                    options?: string;
                };
                header?: never;
                path: {
                    /** @description One of repoqa-snf, lexical-recall, cruxeval-o, semtrace, sensitivity-semtrace, sensitivity-cruxeval-o, longcodeu */
                    benchmark: string;
                    dataset: string;
                    /** @description A unit id from the listing, percent-encoded */
                    unit: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The prompt */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["BenchmarkUnitPrompt"];
                    };
                };
                /** @description Request failed validation; Malformed JSON body; Body does not decode */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unprocessable content; Input too costly to process */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too many requests */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/benchmarks/{benchmark}/datasets/{dataset}/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A dataset's units as JSONL for outside harnesses: prompts, promptfoo test cases or inspect_ai samples */
        get: {
            parameters: {
                query?: {
                    /** @description `jsonl`: each unit's prompt as GET .../units/{unit}/prompt answers it; `promptfoo`: one promptfoo test case per unit (vars benchmark, dataset, unit, options, messages, prefill, max_tokens, metadata; options.max_tokens; an assertion that scores through this instance); `inspect`: inspect_ai samples (id, input, target "", metadata) */
                    format?: "jsonl" | "promptfoo" | "inspect";
                    /** @description Only units in this language (repeatable) */
                    language?: string | string[];
                    /** @description Only the units of this task id */
                    task?: string;
                    /** @description Only units whose id starts with this */
                    prefix?: string;
                    /** @description The benchmark's run options as JSON, e.g. `{"scoring_mode":"strict"}` or `{"tasks":["CU_P"]}` (default `{}`) */
                    options?: string;
                    /** @description Where a prompt's final assistant turn goes: `assistant` (kept as the last message), `continue` (the same; promptfoo test cases also ask vLLM to continue it), `user` (appended to the user turn, for APIs that answer a final assistant turn with a new one) */
                    prefill?: "assistant" | "continue" | "user";
                    /** @description promptfoo only: `webhook` (a scorer failure is a failed test) or `javascript` (a scorer failure is an error; puts a line of JavaScript in each test case) */
                    assert?: "webhook" | "javascript";
                    /** @description Units in this response (at most 100) */
                    limit?: number;
                    /** @description Where to continue: the `after` of the previous response's `Link: rel="next"` */
                    after?: string;
                };
                header?: never;
                path: {
                    /** @description One of repoqa-snf, lexical-recall, cruxeval-o, semtrace, sensitivity-semtrace, sensitivity-cruxeval-o, longcodeu */
                    benchmark: string;
                    dataset: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description One JSON object per line (application/x-ndjson). Headers: `X-Total-Count` (units matching the filters), `Link: <…>; rel="next"` when more remain */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/x-ndjson": string;
                    };
                };
                /** @description Request failed validation; Malformed JSON body; Body does not decode */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unprocessable content; Input too costly to process */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too many requests */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/datasets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List datasets */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description All datasets */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            datasets: components["schemas"]["DatasetSummary"][];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/datasets/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A dataset's summary, its provenance, once committed its manifest, and the refresh window that built it */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The dataset */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            dataset: components["schemas"]["DatasetSummary"];
                            /** @description Where its code came from and how its targets were dated: each part's source (repository and commit, or package versions with their integrity), the birth rules and the born range; null for an undated dataset (docs/contamination.md) */
                            provenance: {
                                [key: string]: unknown;
                            } | null;
                            manifest: components["schemas"]["DatasetManifest"];
                            /** @description For a dataset the scheduled refresh built: its window and every step's record (what was fetched, with its integrity; what was built or imported; why a source was skipped), as GET /v1/refresh/windows/{id} answers it; null for any other dataset (docs/refresh.md) */
                            refresh: components["schemas"]["RefreshWindowRecord"] | null;
                        };
                    };
                };
                /** @description Request failed validation; Malformed JSON body; Body does not decode */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too many requests */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Delete a dataset: its index rows, then its stored shards */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Deleted */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            deleted: string;
                            objects: number;
                        };
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Token lacks the role; Admin endpoints are disabled */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too many requests */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Change a dataset's visibility: `held-out` hides its answers, targets and run outputs from every response, page and export (docs/api.md#held-out-datasets) */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description `public` (default): responses show expected answers and targets; `held-out`: they show verdicts and scores only (docs/api.md#held-out-datasets)
                         * @enum {string}
                         */
                        visibility: "public" | "held-out";
                    };
                };
            };
            responses: {
                /** @description The dataset as it is now */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            dataset: components["schemas"]["DatasetSummary"];
                        };
                    };
                };
                /** @description Request failed validation; Malformed JSON body; Body does not decode */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Token lacks the role; Admin endpoints are disabled */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unsupported media type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unprocessable content; Input too costly to process */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too many requests */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/v1/datasets/{id}/tasks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Task ids of a dataset, paged */
        get: {
            parameters: {
                query?: {
                    language?: string;
                    limit?: number;
                    /** @description The `next` cursor of the previous page */
                    after?: string;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A page of tasks */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            tasks: {
                                task: string;
                                language: string;
                                repo: string;
                                name: string;
                                needle_index: number;
                            }[];
                            next: string | null;
                        };
                    };
                };
                /** @description Request failed validation; Malformed JSON body; Body does not decode */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too many requests */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/datasets/{id}/prompt": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The exact prompt of a task (the reference's template) with its stored code context */
        get: {
            parameters: {
                query: {
                    task: string;
                    size?: number;
                    comment_mode?: "original" | "positional_padding" | "no_padding";
                    depth?: number;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The prompt */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            task: string;
                            template_version: string;
                            messages: {
                                /** @enum {string} */
                                role: "user";
                                content: string;
                            }[];
                            size: number;
                            comment_mode: string;
                            position_ratio: number;
                            needle_token_start: number;
                            needle_token_end: number;
                            code_context_ntokens: number;
                            dataset_sha256: string;
                        };
                    };
                };
                /** @description Request failed validation; Malformed JSON body; Body does not decode */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too many requests */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/datasets/{id}/repos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Import one repository of an official RepoQA release into a dataset that is still importing */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        language: "python" | "cpp" | "java" | "typescript" | "rust" | "go";
                        repo: {
                            repo: string;
                            commit_sha?: string;
                            entrypoint_path?: string;
                            topic?: string;
                            content: {
                                [key: string]: string;
                            };
                            dependency?: {
                                [key: string]: string[];
                            };
                            functions: {
                                [key: string]: ({
                                    name: string;
                                    start_line: number;
                                    end_line: number;
                                    start_byte?: number;
                                    end_byte?: number;
                                    global_start_line?: number;
                                    global_end_line?: number;
                                    global_start_byte?: number;
                                    global_end_byte?: number;
                                    code_ratio?: number;
                                } & {
                                    [key: string]: unknown;
                                })[];
                            };
                            needles: ({
                                name: string;
                                start_line: number;
                                end_line: number;
                                start_byte?: number;
                                end_byte?: number;
                                global_start_line?: number;
                                global_end_line?: number;
                                global_start_byte?: number;
                                global_end_byte?: number;
                                code_ratio?: number;
                                path: string;
                                description: string;
                                born?: string | null;
                            } & {
                                [key: string]: unknown;
                            })[];
                            provenance?: {
                                [key: string]: unknown;
                            };
                        } & {
                            [key: string]: unknown;
                        };
                        name?: string;
                        /** @description Code contexts to build (default: 16384 tokens, original comments, the reference's depths); null for none. Fixed by the first repository. */
                        contexts?: {
                            sizes: number[];
                            comment_modes: ("original" | "positional_padding" | "no_padding")[];
                            depths: "reference" | number[];
                            /**
                             * @description How needles' start_byte/end_byte index their files: `reference` (default) reads the UTF-8 byte offsets as character indices, as repoqa's make_code_context does (a needle after non-ASCII text is shifted); `characters` slices exactly the function.
                             * @enum {string}
                             */
                            needle_offsets?: "reference" | "characters";
                        } | null;
                        /**
                         * @description `public` (default) or `held-out` (task ids that do not name their targets; docs/api.md#held-out-datasets). Fixed by the first repository.
                         * @enum {string}
                         */
                        visibility?: "public" | "held-out";
                    };
                };
            };
            responses: {
                /** @description Stored */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ImportedRepo"];
                    };
                };
                /** @description Request failed validation; Malformed JSON body; Body does not decode */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Token lacks the role; Admin endpoints are disabled */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unsupported media type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unprocessable content; Input too costly to process */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too many requests */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/datasets/{id}/commit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Write the manifest and make the dataset ready to score against */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name?: string;
                        source?: {
                            /**
                             * @default repoqa-release
                             * @enum {string}
                             */
                            kind?: "repoqa-release";
                            name?: string;
                            url?: string;
                            license?: string;
                        };
                        /** @description How the dataset was built (seed, needle options, description mode), recorded in the manifest */
                        build?: {
                            [key: string]: string | number | boolean;
                        };
                    };
                };
            };
            responses: {
                /** @description The manifest */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["DatasetManifest"];
                    };
                };
                /** @description Request failed validation; Malformed JSON body; Body does not decode */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Token lacks the role; Admin endpoints are disabled */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unsupported media type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too many requests */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/datasets/{id}/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Import a whole RepoQA release file in one request (bodies up to 33554432 bytes; use /repos + /commit for larger files) */
        post: {
            parameters: {
                query?: {
                    name?: string;
                    source?: string;
                    license?: string;
                    /** @description `default`: build 16384-token contexts at the reference's depths (strict mode scores against them); `none`: skip them */
                    contexts?: "default" | "none";
                    /** @description `public` (default): responses show expected answers and targets; `held-out`: they show verdicts and scores only (docs/api.md#held-out-datasets) */
                    visibility?: "public" | "held-out";
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["RepoQARelease"];
                };
            };
            responses: {
                /** @description The manifest */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["DatasetManifest"];
                    };
                };
                /** @description Request failed validation; Malformed JSON body; Body does not decode */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Token lacks the role; Admin endpoints are disabled */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unsupported media type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unprocessable content; Input too costly to process */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too many requests */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/datasets/{id}/score-index": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Write the score indexes of a RepoQA dataset imported before they existed (scores do not change; cold requests get cheaper) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Written */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ScoreIndexResult"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Token lacks the role; Admin endpoints are disabled */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unprocessable content; Input too costly to process */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too many requests */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/datasets/{id}/suite": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Import a SemTrace-family suite built by `npm run semtrace -- build` (one request, all or nothing; bodies up to 33554432 bytes) */
        post: {
            parameters: {
                query?: {
                    name?: string;
                    /** @description `public` (default): responses show expected answers and targets; `held-out`: they show verdicts and scores only (docs/api.md#held-out-datasets) */
                    visibility?: "public" | "held-out";
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["SemTraceSuite"];
                };
            };
            responses: {
                /** @description The manifest */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["DatasetManifest"];
                    };
                };
                /** @description Request failed validation; Malformed JSON body; Body does not decode */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Token lacks the role; Admin endpoints are disabled */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unsupported media type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unprocessable content; Input too costly to process */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too many requests */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/datasets/{id}/longcodeu": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Import a LongCodeU release built by `npm run longcodeu -- build` (one request, all or nothing; bodies up to 33554432 bytes) */
        post: {
            parameters: {
                query?: {
                    name?: string;
                    /** @description `public` (default): responses show expected answers and targets; `held-out`: they show verdicts and scores only (docs/api.md#held-out-datasets) */
                    visibility?: "public" | "held-out";
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["LongCodeURelease"];
                };
            };
            responses: {
                /** @description Imported */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            manifest: components["schemas"]["DatasetManifest"];
                        };
                    };
                };
                /** @description Request failed validation; Malformed JSON body; Body does not decode */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Token lacks the role; Admin endpoints are disabled */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unsupported media type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unprocessable content; Input too costly to process */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too many requests */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/datasets/{id}/longcodeu/parts/{part}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Store one part of a LongCodeU release being imported: `contexts-<nnnn>` (up to 100 contexts of one repository) or `<TASK>-<nnnn>` (that task's examples from position nnnn × 200, up to 200); bodies up to 33554432 bytes. The same part again is a no-op (200), another under the same name a 409 */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    part: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["LongCodeUContextsPart"] | components["schemas"]["LongCodeUExamplesPart"];
                };
            };
            responses: {
                /** @description Already stored with the same content */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["LongCodeUPartResult"];
                    };
                };
                /** @description Stored */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["LongCodeUPartResult"];
                    };
                };
                /** @description Request failed validation; Malformed JSON body; Body does not decode */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Token lacks the role; Admin endpoints are disabled */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unsupported media type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unprocessable content; Input too costly to process */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too many requests */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/datasets/{id}/longcodeu/parts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The parts of a LongCodeU import stored so far (what a resumed import skips) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The stored parts */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            status: string;
                            parts: {
                                part: string;
                                sha256: string;
                                items: number;
                            }[];
                        };
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Token lacks the role; Admin endpoints are disabled */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too many requests */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/datasets/{id}/longcodeu/commit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Commit a LongCodeU import sent in parts: 409 naming what is missing unless every part is stored; then the dataset is ready */
        post: {
            parameters: {
                query?: {
                    name?: string;
                    /** @description `public` (default): responses show expected answers and targets; `held-out`: they show verdicts and scores only (docs/api.md#held-out-datasets) */
                    visibility?: "public" | "held-out";
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["LongCodeUReleaseHeader"];
                };
            };
            responses: {
                /** @description Committed */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            manifest: components["schemas"]["DatasetManifest"];
                        };
                    };
                };
                /** @description Request failed validation; Malformed JSON body; Body does not decode */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Token lacks the role; Admin endpoints are disabled */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unsupported media type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unprocessable content; Input too costly to process */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too many requests */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/leaderboard": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The leaderboard: pass@1 per model at one threshold, with 95 % Wilson intervals
         * @description Cached: `Cache-Control: public, max-age=60, s-maxage=300` and an `ETag` that changes with every leaderboard write (`If-None-Match` answers 304). One page of at most `limit` rows (default and most 100); `next` and `prev` (and the `Link` header, rel next and prev) are the `cursor` of the pages on either side, `total` (and `X-Total-Count`) the rows of the whole board. `format=csv` answers text/csv (rank, model, kind, rate, ci_low, ci_high, n, passed, errors, context_exceeded, then one column per language; LongCodeU: rank, model, kind, the eight tasks, average, n, unparseable, errors, context_exceeded, in the query's bucket and metric; last, every benchmark's `cutoff`: the model's stated training cutoff, empty when unknown). `threshold` is RepoQA and the SemTrace family's (ignored elsewhere). `mode` and `comment_mode` are RepoQA's (ignored elsewhere). `bucket` and `metric` are LongCodeU's (ignored elsewhere).
         */
        get: {
            parameters: {
                query?: {
                    /** @description `repoqa-snf` (RepoQA), a positional benchmark of "Sense and Sensitivity": `lexical-recall`, `cruxeval-o`, `semtrace`, or `longcodeu` (LongCodeU's eight tasks) */
                    benchmark?: "repoqa-snf" | "lexical-recall" | "cruxeval-o" | "semtrace" | "longcodeu";
                    /** @description Default `repoqa-2024-04-20` for `repoqa-snf`. For another benchmark: among the datasets with entries of that benchmark, a loaded one first, then the one with the most entries (ties: the most recently updated, then by name); without any entry, the most recently loaded dataset that benchmark reads (its board is empty). For one model: among the datasets it has an entry of that benchmark in. */
                    dataset?: string;
                    /** @description `verified`: runs of this service (with a receipt); `reported`: imported published results */
                    kind?: "all" | "verified" | "reported";
                    /** @description Similarity threshold of the reference's sweep */
                    threshold?: number;
                    /** @description Scoring mode: `official` (the reference's) or `strict` */
                    mode?: "official" | "strict";
                    /** @description Comment mode of the contexts the entries were scored on */
                    comment_mode?: "original" | "positional_padding" | "no_padding";
                    /** @description LongCodeU only: the context-length bucket (CodeLlama tokens) shown, `all` (default) or one of `0-8K`, `8-16K`, `16-32K`, `32-64K`, `64-128K` */
                    bucket?: "all" | "0-8K" | "8-16K" | "16-32K" | "32-64K" | "64-128K";
                    /** @description LongCodeU only: `recall` (default: EM-R, LCS-R, CodeBLEU, CB-R, BLEU) or `precision` (EM-P, LCS-P, CodeBLEU, CB-P, BLEU): fills the task columns and ranks by their average */
                    metric?: "recall" | "precision";
                    /** @description Rank by the rate in this language */
                    language?: "all" | "python" | "cpp" | "java" | "typescript" | "rust" | "go";
                    /** @description `-rate` best first (ties by model name), `rate`, `model`, `-model` */
                    sort?: "-rate" | "rate" | "model" | "-model";
                    /** @description 1: the unseen view, each model scored only on the units born on or after the first day after its training cutoff (within `since` and `until` when given); models without a stated cutoff, or with fewer than 10 such units, are set apart (`unseen.set_apart`), not ranked */
                    unseen?: "0" | "1";
                    /** @description With unseen=1: only units born on or after this UTC day */
                    since?: string;
                    /** @description With unseen=1: only units born on or before this UTC day */
                    until?: string;
                    format?: "json" | "csv";
                    /** @description Rows per page, 1 to 100 (default 100) */
                    limit?: number;
                    /** @description Which page: the `next` or `prev` of a response of the same sort (opaque); absent: the first page. A cursor that is not one is a 400. */
                    cursor?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The leaderboard */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Leaderboard"];
                        "text/csv": string;
                    };
                };
                /** @description Not modified: the If-None-Match ETag is current */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Request failed validation; Malformed JSON body; Body does not decode */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too many requests */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/leaderboard/models/{model}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One model: every threshold and language, and at `threshold` by needle depth, context length and both
         * @description Cached: `Cache-Control: public, max-age=60, s-maxage=300` and an `ETag` that changes with every leaderboard write (`If-None-Match` answers 304). With kind=all the verified entry is shown when there is one.
         */
        get: {
            parameters: {
                query?: {
                    /** @description `repoqa-snf` (RepoQA), a positional benchmark of "Sense and Sensitivity": `lexical-recall`, `cruxeval-o`, `semtrace`, or `longcodeu` (LongCodeU's eight tasks) */
                    benchmark?: "repoqa-snf" | "lexical-recall" | "cruxeval-o" | "semtrace" | "longcodeu";
                    /** @description Default `repoqa-2024-04-20` for `repoqa-snf`. For another benchmark: among the datasets with entries of that benchmark, a loaded one first, then the one with the most entries (ties: the most recently updated, then by name); without any entry, the most recently loaded dataset that benchmark reads (its board is empty). For one model: among the datasets it has an entry of that benchmark in. */
                    dataset?: string;
                    /** @description `verified`: runs of this service (with a receipt); `reported`: imported published results */
                    kind?: "all" | "verified" | "reported";
                    /** @description Similarity threshold of the reference's sweep */
                    threshold?: number;
                    /** @description Scoring mode: `official` (the reference's) or `strict` */
                    mode?: "official" | "strict";
                    /** @description Comment mode of the contexts the entries were scored on */
                    comment_mode?: "original" | "positional_padding" | "no_padding";
                    /** @description LongCodeU only: the context-length bucket (CodeLlama tokens) shown, `all` (default) or one of `0-8K`, `8-16K`, `16-32K`, `32-64K`, `64-128K` */
                    bucket?: "all" | "0-8K" | "8-16K" | "16-32K" | "32-64K" | "64-128K";
                    /** @description LongCodeU only: `recall` (default: EM-R, LCS-R, CodeBLEU, CB-R, BLEU) or `precision` (EM-P, LCS-P, CodeBLEU, CB-P, BLEU): fills the task columns and ranks by their average */
                    metric?: "recall" | "precision";
                };
                header?: never;
                path: {
                    model: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The model's breakdown */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ModelBreakdown"];
                    };
                };
                /** @description Not modified: the If-None-Match ETag is current */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Request failed validation; Malformed JSON body; Body does not decode */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too many requests */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/leaderboard/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import published results (a <model>-SCORES.json or COMBINED-RESULTS.json) as reported entries
         * @description A SCORES file's per-task rows are stored and every aggregate is recomputed from them; a file whose own `scores` differ from its rows (tolerance 1e-12) is refused with 422 and nothing is stored. COMBINED-RESULTS.json has rates only: each model gets an entry without samples, with n = n_per_language per language (default 100 for repoqa-2024-04-20: 10 repositories x 10 needles), passed = round(rate x n) and "all" n = the sum, so intervals exist. A model that already has a per-sample entry keeps it. Importing the same content again changes nothing; changed content replaces the entry atomically.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["LeaderboardImport"];
                };
            };
            responses: {
                /** @description Imported */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["LeaderboardImportResult"];
                    };
                };
                /** @description Request failed validation; Malformed JSON body; Body does not decode */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Token lacks the role; Admin endpoints are disabled */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unsupported media type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unprocessable content; Input too costly to process */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too many requests */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/leaderboard/models/{model}/cutoff": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set or correct a model's training cutoff (the model of a leaderboard entry, by its slug)
         * @description The cutoff as the model's provider states it, `YYYY`, `YYYY-MM` or `YYYY-MM-DD`, stored with source `admin` and an optional `note` (where it comes from, e.g. the model card's URL); it replaces any earlier statement, and every board answers anew. The unseen view scores the model only on units born on or after the first day after the cutoff's period (docs/contamination.md#cutoffs).
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    model: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @example 2025-03 */
                        cutoff: string;
                        /** @example https://example.org/model-card */
                        note?: string;
                    };
                };
            };
            responses: {
                /** @description The model's cutoff */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            model: string;
                            model_slug: string;
                            cutoff: components["schemas"]["ModelCutoff"];
                        };
                    };
                };
                /** @description Request failed validation; Malformed JSON body; Body does not decode */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Token lacks the role; Admin endpoints are disabled */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unsupported media type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too many requests */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        post?: never;
        /** Remove a model's stated cutoff (unknown again: set apart from the unseen view) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    model: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The cutoff is gone */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            model: string;
                            model_slug: string;
                            cutoff: components["schemas"]["ModelCutoff"];
                        };
                    };
                };
                /** @description Request failed validation; Malformed JSON body; Body does not decode */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Token lacks the role; Admin endpoints are disabled */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too many requests */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Recent runs (newest first) */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Runs */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["RunList"];
                    };
                };
                /** @description Request failed validation; Malformed JSON body; Body does not decode */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too many requests */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        /** Start an evaluation run of a model on a dataset (a submitter or admin token) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["RunRequest"];
                };
            };
            responses: {
                /** @description Started */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Run"];
                    };
                };
                /** @description Request failed validation; Malformed JSON body; Body does not decode */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Token lacks the role; Admin endpoints are disabled */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unsupported media type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unprocessable content; Input too costly to process */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too many requests */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/runs/{id}/outputs/{part}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Send one part of a run's submitted outputs (a run created with `parts`); the last one in starts the run
         * @description 201: stored; 200: this part was already stored with the same outputs (nothing changes: re-send freely after a lost answer); 409: stored with other outputs; 422: a unit the dataset lacks or one already in another part (named; nothing of this part is stored); 413: too many outputs or too large a body. See docs/runs.md, "Big submissions in parts".
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    part: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["RunOutputsPart"];
                };
            };
            responses: {
                /** @description Already stored, unchanged */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["RunOutputsPartStored"];
                    };
                };
                /** @description Stored */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["RunOutputsPartStored"];
                    };
                };
                /** @description Request failed validation; Malformed JSON body; Body does not decode */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Token lacks the role; Admin endpoints are disabled */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unsupported media type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unprocessable content; Input too costly to process */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too many requests */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/runs/{id}/outputs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Which parts of a run's submitted outputs are in (a run created with `parts`): what a client resumes from */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The parts */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["RunOutputsParts"];
                    };
                };
                /** @description Request failed validation; Malformed JSON body; Body does not decode */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too many requests */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/runs/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A run's status, counts, tokens and receipt */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The run */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Run"];
                    };
                };
                /** @description Request failed validation; Malformed JSON body; Body does not decode */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too many requests */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Delete a finished run: its samples, its stored outputs and its coordinator's state
         * @description A running run is a 409 (cancel it first). A published leaderboard entry keeps its own rows. `complete: false` means objects were left for the hourly prune (a run of more than 10,000 samples). See docs/runs.md, "Deleting runs".
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Deleted */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["DeletedRun"];
                    };
                };
                /** @description Request failed validation; Malformed JSON body; Body does not decode */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Token lacks the role; Admin endpoints are disabled */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too many requests */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/runs/{id}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Progress as server-sent events (`progress` on every change, then `done`)
         * @description Each event's data is a `RunProgress` (JSON; components.schemas.RunProgress). The stream closes after 15 minutes: reconnect to keep watching.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description text/event-stream */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/event-stream": string;
                    };
                };
                /** @description Request failed validation; Malformed JSON body; Body does not decode */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too many requests */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/runs/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel a run: nothing more is sent; calls in flight are abandoned */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The run */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Run"];
                    };
                };
                /** @description Request failed validation; Malformed JSON body; Body does not decode */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Token lacks the role; Admin endpoints are disabled */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too many requests */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/runs/{id}/samples": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Per-task rows of a run, in unit order, paged */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    /** @description The `next` cursor of the previous page */
                    after?: string;
                    status?: "scored" | "error" | "context_exceeded";
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A page of samples */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["RunSamplePage"];
                    };
                };
                /** @description Request failed validation; Malformed JSON body; Body does not decode */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too many requests */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/runs/{id}/results": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A run's results: counts, pass@1 per group with 95 % Wilson intervals (per threshold and needle depth where the benchmark sweeps a threshold), the benchmark's own summary, the receipt
         * @description Every run: `run`, `benchmark`, `model`, `label`, `status`, `samples`, `scored`, `errors`, `context_exceeded`, `receipt`. A benchmark that sweeps a similarity threshold adds `threshold`, `thresholds`, `pass_at_1` (group → threshold → rate) and `by_depth`; one whose samples pass or fail without a threshold adds `pass_at_1` (group → rate); a benchmark with its own results adds `summary` (docs/runs.md, "Results").
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Results */
                200: {
                    headers: {
                        /** @description The export's file name (`<model>.jsonl`, `<model>-samples.jsonl`, `<model>-SCORES.json`, `<model>-results.json`): the run's label with `/` as `_slash_` and every character but ASCII letters, digits, `.`, `_`, `-`, `+`, `@` as `_` (no `:`); the log, inspect_ai's own name, which its log listing reads: `<created>_needlework-<benchmark>_<run id without ->.json`, the time as `2026-12-07T14-52-51+00-00` (no `:`) */
                        "Content-Disposition"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["RunResults"];
                    };
                };
                /** @description Request failed validation; Malformed JSON body; Body does not decode */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too many requests */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/runs/{id}/rescore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Re-score stored outputs (another mode, threshold or scorer version) without calling the model */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @default {} */
                        options?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            responses: {
                /** @description Re-scored: the counts and the new results */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["RunRescored"];
                    };
                };
                /** @description Request failed validation; Malformed JSON body; Body does not decode */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Token lacks the role; Admin endpoints are disabled */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unsupported media type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unprocessable content; Input too costly to process */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too many requests */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/runs/{id}/publish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Publish a completed whole-dataset run to the leaderboard as a verified entry */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Published */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PublishedRun"];
                    };
                };
                /** @description Request failed validation; Malformed JSON body; Body does not decode */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Token lacks the role; Admin endpoints are disabled */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unprocessable content; Input too costly to process */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too many requests */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/runs/{id}/outputs.jsonl": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Per-sample outputs as JSON lines: the reference implementation's file (`format=reference`, benchmarks that have one) or one line per sample of any benchmark (`format=samples`)
         * @description `format=samples` (every benchmark): one line per sample in unit order, `{run, unit, task_id, language, position, context_size, status, output, finish_reason, verdict: {passed, score, detail} | null, error, attempts, prompt_sha256, prompt_tokens, completion_tokens, cached, calls, latency_ms, scorer_version, finished_at}`; `after` and `limit` page it. `format=reference` (benchmarks with reference files): the reference's own JSONL, one scored task per line with its fields and `output: [text]`. Without `format`: `reference` where the run's benchmark has reference files, else `samples`. Generated as it is sent. `Content-Disposition` names the file (`<model>.jsonl`, `<model>-samples.jsonl`).
         */
        get: {
            parameters: {
                query?: {
                    /** @description `reference` or `samples` (default: `reference` where the benchmark has reference files, else `samples`) */
                    format?: "reference" | "samples";
                    /** @description `format=samples` only: start after this unit (the last unit of the previous part) */
                    after?: string;
                    /** @description `format=samples` only: at most this many samples (default: every one) */
                    limit?: number;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description JSON lines */
                200: {
                    headers: {
                        /** @description The export's file name (`<model>.jsonl`, `<model>-samples.jsonl`, `<model>-SCORES.json`, `<model>-results.json`): the run's label with `/` as `_slash_` and every character but ASCII letters, digits, `.`, `_`, `-`, `+`, `@` as `_` (no `:`); the log, inspect_ai's own name, which its log listing reads: `<created>_needlework-<benchmark>_<run id without ->.json`, the time as `2026-12-07T14-52-51+00-00` (no `:`) */
                        "Content-Disposition"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/x-ndjson": string;
                    };
                };
                /** @description Request failed validation; Malformed JSON body; Body does not decode */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unprocessable content; Input too costly to process */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too many requests */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/runs/{id}/log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The run as an evaluation harness's log: `format=inspect`, inspect_ai's EvalLog JSON (log format 2), which `inspect view` opens
         * @description Every benchmark. `eval` (task `needlework/<benchmark>`, dataset, model, generation config, the scorer `needlework` with metrics `passed` accuracy and `score` mean), `plan` (one `generate` step), `results` (per score: its metric over the scored samples, scored and unscored counts; left out while the run is running), `stats` (times, token usage), then `samples` in unit order, each made from the per-sample export's view of the sample (`outputs.jsonl?format=samples`): `input` (the unit and its prompt's sha256 and address; no prompt), `target` "" (answers stay on the server), `output` (the model's answer), `scores.needlework` (value `{passed, score}`, the detail as metadata), an unscored sample's reason as its `error`. `after` and `limit` cut the samples as they cut `outputs.jsonl?format=samples` (each part a whole log: the same header, part of the samples). Generated as it is sent; top-level fields the run has nothing for are left out, as inspect_ai writes them. `Content-Disposition` names the file as inspect_ai names its logs (`<created>_needlework-<benchmark>_<run id without ->.json`), which its log listing (`inspect view`) requires. docs/integrations.md#a-run-as-an-inspect_ai-log
         */
        get: {
            parameters: {
                query?: {
                    /** @description `inspect`: inspect_ai's EvalLog JSON (the only format) */
                    format?: "inspect";
                    /** @description Samples after this unit only (the last sample's `id` of the previous part); the header is the whole run's */
                    after?: string;
                    /** @description At most this many samples (default: every one): a part of a large run, each part a whole log */
                    limit?: number;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The log (application/json) */
                200: {
                    headers: {
                        /** @description The export's file name (`<model>.jsonl`, `<model>-samples.jsonl`, `<model>-SCORES.json`, `<model>-results.json`): the run's label with `/` as `_slash_` and every character but ASCII letters, digits, `.`, `_`, `-`, `+`, `@` as `_` (no `:`); the log, inspect_ai's own name, which its log listing reads: `<created>_needlework-<benchmark>_<run id without ->.json`, the time as `2026-12-07T14-52-51+00-00` (no `:`) */
                        "Content-Disposition"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Request failed validation; Malformed JSON body; Body does not decode */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too many requests */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/runs/{id}/scores.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Scores as the reference's `<model>-SCORES.json` */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The -SCORES.json content */
                200: {
                    headers: {
                        /** @description The export's file name (`<model>.jsonl`, `<model>-samples.jsonl`, `<model>-SCORES.json`, `<model>-results.json`): the run's label with `/` as `_slash_` and every character but ASCII letters, digits, `.`, `_`, `-`, `+`, `@` as `_` (no `:`); the log, inspect_ai's own name, which its log listing reads: `<created>_needlework-<benchmark>_<run id without ->.json`, the time as `2026-12-07T14-52-51+00-00` (no `:`) */
                        "Content-Disposition"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Request failed validation; Malformed JSON body; Body does not decode */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unprocessable content; Input too costly to process */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too many requests */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/compare": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Paired comparison of two runs or leaderboard entries on the same tasks
         * @description Pass/fail benchmarks: the 2×2 table, McNemar's exact test and the difference of pass@1 with Newcombe's interval; graded ones: the mean paired difference with a paired-bootstrap interval (fixed seed, stated). Both sides must be the same benchmark and dataset. docs/compare.md.
         */
        get: {
            parameters: {
                query: {
                    /** @description Side A: a completed run's id, or a leaderboard entry's model slug (with stored samples) */
                    a: string;
                    /** @description Side B, as `a`. Differences are A − B. */
                    b: string;
                    /** @description The similarity threshold a pass reads, for benchmarks whose pass rule has one (default: the benchmark's; otherwise ignored) */
                    threshold?: number;
                    /** @description An entry's benchmark (default: a run's on the other side, else the only one the model has) */
                    benchmark?: string;
                    /** @description An entry's dataset (default: a run's on the other side, else the only one) */
                    dataset?: string;
                    /** @description RepoQA: an entry's mode (default: the only one). Scoring mode: `official` (the reference's) or `strict` */
                    mode?: string;
                    /** @description RepoQA: an entry's comment_mode (default: the only one). Comment mode of the contexts the entries were scored on */
                    comment_mode?: string;
                    /** @description The page of the discordant list, 50 tasks a page (default 1; past the last: 400) */
                    page?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The comparison */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Comparison"];
                    };
                };
                /** @description Request failed validation; Malformed JSON body; Body does not decode */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unprocessable content; Input too costly to process */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too many requests */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The named tokens, oldest first, without their secrets */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Tokens */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            tokens: components["schemas"]["Token"][];
                        };
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Token lacks the role; Admin endpoints are disabled */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too many requests */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        /** Create a named token with a role; its secret is shown once, in this response */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["TokenRequest"];
                };
            };
            responses: {
                /** @description Created (the secret is in `token`) */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["CreatedToken"];
                    };
                };
                /** @description Request failed validation; Malformed JSON body; Body does not decode */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Token lacks the role; Admin endpoints are disabled */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unsupported media type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too many requests */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tokens/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke a named token: every request with it is a 401 from now on */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Revoked */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            revoked: components["schemas"]["Token"];
                        };
                    };
                };
                /** @description Request failed validation; Malformed JSON body; Body does not decode */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Token lacks the role; Admin endpoints are disabled */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too many requests */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/refresh/windows": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The scheduled refresh's windows, newest first, and the current one (the board's held-out window) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Windows */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["RefreshWindows"];
                    };
                };
                /** @description Request failed validation; Malformed JSON body; Body does not decode */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too many requests */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        /** Start one window now, through the same queue and steps as the Cron Trigger (npm run refresh) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["StartRefreshWindow"];
                };
            };
            responses: {
                /** @description Started (or already known: `created` false); follow `record` */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            window: string;
                            created: boolean;
                            record: string;
                        };
                    };
                };
                /** @description Request failed validation; Malformed JSON body; Body does not decode */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing or invalid token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Token lacks the role; Admin endpoints are disabled */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unsupported media type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unprocessable content; Input too costly to process */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too many requests */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/refresh/windows/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One window's record: every step, what it fetched (with integrity), built, imported or skipped and why */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The window's record */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["RefreshWindowRecord"];
                    };
                };
                /** @description Request failed validation; Malformed JSON body; Body does not decode */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too many requests */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description A run's progress, the data of `GET /v1/runs/{id}/events`' `progress` and `done` events */
        RunProgress: {
            /**
             * @description `receiving`: a run from submitted outputs waiting for its parts (docs/runs.md#big-submissions-in-parts)
             * @enum {string}
             */
            status: "receiving" | "running" | "completed" | "cancelled" | "budget_exhausted";
            /** @description A run whose submitted outputs come in parts only (GET /v1/runs/{id}/outputs has more) */
            parts?: {
                /** @description Parts announced */
                expected: number;
                /** @description The parts stored, in part order */
                received: number[];
            };
            /** @description Units the run covers (0 while a run in parts is receiving) */
            units: number;
            counts: {
                /** @description Not yet sent */
                pending: number;
                /** @description Message sent */
                queued: number;
                /** @description Claimed by a consumer */
                running: number;
                done: number;
                /** @description Not run (cancel, budget) */
                skipped: number;
                /** @description Of the done: answered and scored */
                scored: number;
                /** @description Of the scored: passed */
                passed: number;
                /** @description Of the done: failed (not a wrong answer) */
                error: number;
                /** @description Of the done: the prompt exceeded the model's context window */
                context_exceeded: number;
            };
            tokens: {
                prompt: number;
                completion: number;
                /** @description Reserved for calls in flight */
                reserved: number;
            };
            /** @description Calls made, retries included */
            model_calls: number;
            /** @description Answers from the response cache */
            cached: number;
            /** @description Estimate from `price`; null without one */
            cost_usd: number | null;
            started_at: string;
            finished_at: string | null;
            /** @description When this progress was read */
            updated_at: string;
        };
        Health: {
            /** @enum {string} */
            status: "ok";
            service_version: string;
            scorer_version: string;
            parser_runtime: components["schemas"]["ParserRuntime"];
            grammars: components["schemas"]["Grammars"];
            /** @description Datasets ready to score against */
            datasets: number;
        };
        /** @description The tree-sitter runtime that parses code (web-tree-sitter), the tree-sitter core version inside it and the encoding it reads */
        ParserRuntime: {
            package: string;
            version: string;
            core: string;
            /** @description The runtime's wasm as it runs (patched to read UTF-8) */
            sha256: string;
            /**
             * @description What the core reads code as: UTF-8, as the references' py-tree-sitter
             * @enum {string}
             */
            input_encoding?: "utf-8";
            /** @description The package's own wasm, before the UTF-8 patch */
            package_sha256?: string;
        };
        Grammars: {
            [key: string]: {
                package: string;
                version: string;
                sha256: string;
            };
        };
        Problem: {
            /** @example urn:needlework:problem:not-found */
            type: string;
            title: string;
            status: number;
            detail: string;
            request_id: string | null;
        } & {
            [key: string]: unknown;
        };
        BleuResponse: {
            scores: number[];
            metric: string;
        };
        BleuRequest: {
            /** @description Up to 1000 pairs */
            pairs: {
                reference: string;
                candidate: string;
            }[];
        };
        CodeBleuResponse: {
            metric: string;
            language: string;
            /** @description tree-sitter runtime and grammar versions (syntax and data-flow scores depend on them) */
            grammar: {
                [key: string]: string;
            };
            weights: components["schemas"]["CodeBleuWeights"];
            scores: components["schemas"]["CodeBleuScore"][];
            corpus?: components["schemas"]["CodeBleuScore"];
        };
        /** @description Weights of the four components (the package's alpha, beta, gamma, theta); default 0.25 each */
        CodeBleuWeights: {
            ngram: number;
            weighted_ngram: number;
            syntax: number;
            dataflow: number;
        };
        CodeBleuScore: {
            codebleu: number;
            ngram_match_score: number;
            weighted_ngram_match_score: number;
            syntax_match_score: number;
            /** @description 0 when the references have no data flow; the combined score then counts it as 1 */
            dataflow_match_score: number;
        };
        CodeBleuRequest: {
            /** @description Up to 200 pairs */
            pairs: {
                /** @description The reference code, or up to 10 alternative references */
                reference: string | string[];
                candidate: string;
            }[];
            /**
             * @description One of python, java, cpp, go, rust
             * @example python
             */
            language: string;
            weights?: components["schemas"]["CodeBleuWeights"];
            /** @description Also score all pairs as one corpus (calc_codebleu on the whole list) */
            corpus?: boolean;
        };
        UnitScoreResult: {
            benchmark: string;
            dataset: string;
            dataset_sha256: string;
            scorer_version: string;
            /** @description The options the answer was scored under, as a run records them */
            options: {
                [key: string]: unknown;
            };
            unit: string;
            task: string;
            language: string;
            passed: boolean;
            /** @description The benchmark's headline number for the answer (a run sample's score) */
            score: number;
            /** @description The benchmark's own verdict detail, as a run sample stores it */
            detail: {
                [key: string]: unknown;
            };
        };
        ScoreResult: {
            task: string;
            language: string;
            /** @description Whether the answer passes at `threshold`: the name every benchmark's verdict uses (`POST /v1/score` with `benchmark`) */
            passed: boolean;
            /** @description The same as `passed`, under this shape's original name (kept for existing clients) */
            pass: boolean;
            /** @description Pass at each threshold 0.0 ... 1.0 */
            pass_at: {
                [key: string]: boolean;
            };
            target: string;
            best_target: string | null;
            best_target_path: string | null;
            best_similarity: number;
            target_similarity: number;
            threshold: number;
            /** @enum {string} */
            mode: "official" | "strict";
            ignore_comments: boolean;
            candidates: number;
            /** @enum {string} */
            candidates_from: "needles" | "context" | "repository";
            context: {
                size: number;
                comment_mode: string;
                position_ratio: number;
            } | null;
            /** @description The code the sanitizer extracted from the answer */
            extracted: string;
            scorer_version: string;
            dataset_sha256: string;
        };
        UnitScoreRequest: {
            /**
             * @description A benchmark of GET /v1/benchmarks
             * @enum {string}
             */
            benchmark: "repoqa-snf" | "lexical-recall" | "cruxeval-o" | "semtrace" | "sensitivity-semtrace" | "sensitivity-cruxeval-o" | "longcodeu";
            dataset: string;
            /**
             * @description A unit id of GET /v1/benchmarks/{benchmark}/datasets/{dataset}/units
             * @example crux-0@20@0.5
             */
            unit: string;
            /** @description The model's raw output (after the prompt's prefill, if any; at most 65536 bytes UTF-8) */
            answer: string;
            /** @description The benchmark's run options (GET /v1/benchmarks lists them; default {}) */
            options?: {
                [key: string]: unknown;
            };
        };
        ScoreRequest: {
            dataset: string;
            /**
             * @description `<language>::<repo>::<function name>`, as `GET /v1/datasets/{id}/tasks` lists them
             * @example python::python/cpython-email::parse_message_id
             */
            task: string;
            /** @description The model's raw output (at most 65536 bytes UTF-8) */
            answer: string;
            /**
             * @description Similarity needed to pass (default 0.8)
             * @default 0.8
             */
            threshold?: number;
            /**
             * @description `official`: candidates are the repository's needles (the reference implementation). `strict`: every function of the task's code context (the paper's design).
             * @default official
             * @enum {string}
             */
            mode?: "official" | "strict";
            /**
             * @description Remove comments from the answer and the candidates first
             * @default false
             */
            ignore_comments?: boolean;
            /** @description Strict mode: which stored code context (default: the dataset's first size and comment mode, the reference depth) */
            context?: {
                size?: number;
                /** @enum {string} */
                comment_mode?: "original" | "positional_padding" | "no_padding";
                depth?: number;
            };
        };
        PromptfooGradingResult: {
            pass: boolean;
            score: number;
            reason: string;
            /** @description The score under the benchmark's id */
            namedScores: {
                [key: string]: number;
            };
            /** @description The whole verdict, as POST /v1/score answers it */
            metadata: {
                needlework: components["schemas"]["UnitScoreResult"];
            };
        };
        PromptfooWebhookRequest: {
            /** @description The model's output (at most 65536 bytes UTF-8) */
            output: string;
            context: {
                /** @description The rendered prompt: ignored */
                prompt?: unknown;
                /** @description The test case's variables: `benchmark`, `dataset`, `unit` and `options` are read, the others ignored */
                vars: {
                    /**
                     * @description A benchmark of GET /v1/benchmarks
                     * @enum {string}
                     */
                    benchmark: "repoqa-snf" | "lexical-recall" | "cruxeval-o" | "semtrace" | "sensitivity-semtrace" | "sensitivity-cruxeval-o" | "longcodeu";
                    dataset: string;
                    unit: string;
                    /** @description The benchmark's run options (GET /v1/benchmarks lists them; default {}) */
                    options?: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        UnitBatchScoreResult: {
            benchmark: string;
            dataset: string;
            dataset_sha256: string;
            scorer_version: string;
            /** @description The options the answer was scored under, as a run records them */
            options: {
                [key: string]: unknown;
            };
            results: {
                unit: string;
                task: string;
                language: string;
                passed: boolean;
                /** @description The benchmark's headline number for the answer (a run sample's score) */
                score: number;
                /** @description The benchmark's own verdict detail, as a run sample stores it */
                detail: {
                    [key: string]: unknown;
                };
            }[];
            /** @description `all` and each language */
            summary: {
                [key: string]: {
                    n: number;
                    passed: number;
                    pass_at_1: number;
                    mean_score: number;
                };
            };
        };
        BatchScoreResult: {
            results: components["schemas"]["ScoreResult"][];
            summary: {
                [key: string]: {
                    n: number;
                    pass_at_1: {
                        [key: string]: number;
                    };
                };
            };
        };
        UnitBatchScoreRequest: {
            /**
             * @description A benchmark of GET /v1/benchmarks
             * @enum {string}
             */
            benchmark: "repoqa-snf" | "lexical-recall" | "cruxeval-o" | "semtrace" | "sensitivity-semtrace" | "sensitivity-cruxeval-o" | "longcodeu";
            dataset: string;
            /** @description The benchmark's run options (GET /v1/benchmarks lists them; default {}) */
            options?: {
                [key: string]: unknown;
            };
            answers: {
                unit: string;
                answer: string;
            }[];
        };
        BatchScoreRequest: {
            dataset: string;
            answers: {
                task: string;
                answer: string;
            }[];
            /**
             * @description Similarity needed to pass (default 0.8)
             * @default 0.8
             */
            threshold?: number;
            /**
             * @description `official`: candidates are the repository's needles (the reference implementation). `strict`: every function of the task's code context (the paper's design).
             * @default official
             * @enum {string}
             */
            mode?: "official" | "strict";
            /**
             * @description Remove comments from the answer and the candidates first
             * @default false
             */
            ignore_comments?: boolean;
            /** @description Strict mode: which stored code context (default: the dataset's first size and comment mode, the reference depth) */
            context?: {
                size?: number;
                /** @enum {string} */
                comment_mode?: "original" | "positional_padding" | "no_padding";
                depth?: number;
            };
        };
        BenchmarkInfo: {
            id: string;
            title: string;
            /** @description The `benchmark` of the datasets it reads (GET /v1/datasets) */
            dataset_kind: string;
            /** @description Ready datasets of that kind */
            datasets: string[];
            prompt_template_version: string;
            scorer_version: string;
            default_max_tokens: number;
            baselines: string[];
            /** @description The options' JSON Schema */
            options: {
                [key: string]: unknown;
            };
            leaderboard: boolean;
        };
        BenchmarkUnitPage: {
            benchmark: string;
            dataset: string;
            dataset_sha256: string;
            /** @description The options as a run records them (the dataset fills its defaults) */
            options: {
                [key: string]: unknown;
            };
            /** @description Units matching the filters */
            total: number;
            units: components["schemas"]["BenchmarkUnit"][];
            /** @description Cursor of the next page (`after`), null on the last */
            next: string | null;
        };
        BenchmarkUnit: {
            unit: string;
            task: string;
            language: string;
            /**
             * @description The UTC day the code the answer must reproduce was born, by the dataset's birth rule (docs/contamination.md: evidence, not proof); null when the dataset is undated
             * @example 2026-11-24
             */
            born: string | null;
        };
        BenchmarkUnitPrompt: {
            benchmark: string;
            dataset: string;
            unit: string;
            task: string;
            language: string;
            /** @description Exactly what a run sends (before its optional system message); a final assistant turn is the prefill */
            messages: components["schemas"]["ChatMessage"][];
            /** @description The final assistant turn's text when the prompt has one: send it as the model's turn to continue (vLLM: continue_final_message), or append it to the user turn after a blank line for APIs that cannot continue a turn (a run's `prefill: user`); the answer is what the model writes after it */
            prefill: string | null;
            /** @description What a run sends as max_tokens unless told otherwise */
            max_tokens: number;
            /** @description Prompt tokens with the dataset's tokenizer (an estimate for other tokenizers) */
            prompt_tokens: number;
            tokenizer: {
                name: string;
                version: string;
            };
            /** @description Where the target sits in the context (0..1), if the benchmark places one */
            position: number | null;
            context_size: number | null;
            /**
             * @description The UTC day the code the answer must reproduce was born, by the dataset's birth rule (docs/contamination.md: evidence, not proof); null when the dataset is undated
             * @example 2026-11-24
             */
            born: string | null;
            /** @description sha256 of the messages' JSON: a run's sample records the same with `prefill: assistant` and no system message */
            prompt_sha256: string;
            prompt_template_version: string;
            options: {
                [key: string]: unknown;
            };
            dataset_sha256: string;
        };
        ChatMessage: {
            /** @enum {string} */
            role: "system" | "user" | "assistant";
            content: string;
        };
        DatasetSummary: {
            id: string;
            name: string;
            benchmark: string;
            /** @enum {string} */
            status: "importing" | "ready";
            languages: string[];
            repos: number;
            tasks: number;
            content_sha256: string | null;
            /**
             * @description `public` (default): responses show expected answers and targets; `held-out`: they show verdicts and scores only (docs/api.md#held-out-datasets)
             * @enum {string}
             */
            visibility: "public" | "held-out";
            /** @description When its targets were born (docs/contamination.md: the earliest and latest day, how many are dated); null for an undated dataset */
            born: {
                earliest: string | null;
                latest: string | null;
                dated: number;
                undated: number;
            } | null;
            created_at: string;
        };
        /** @description What the dataset's import recorded (counts, versions, content sha256), in its family's format */
        DatasetManifest: {
            [key: string]: unknown;
        } | null;
        RefreshWindowRecord: {
            window: components["schemas"]["RefreshWindow"];
            steps: components["schemas"]["RefreshStep"][];
            /** @description What the window's born dates are evidence of, and what they miss */
            dates: string;
        };
        RefreshWindow: {
            /** @example w-2026-11-30 */
            id: string;
            /** @description The window's first day (units born on or after it) */
            start: string;
            /** @description The day after its last (versions published before it) */
            end: string;
            /** @enum {string} */
            status: "building" | "held-out" | "public" | "failed";
            /** @description Benchmark id → the window's dataset */
            datasets: {
                [key: string]: string;
            };
            public_after: string;
            published_at: string | null;
            completed_at: string | null;
            error: string | null;
        };
        RefreshStep: {
            /** @example build/repoqa-snf/000 */
            step: string;
            /** @enum {string} */
            status: "running" | "done" | "skipped" | "failed";
            attempts: number;
            reason: string | null;
            /** @description What the step fetched (URLs, versions with their integrity), built or imported */
            record: {
                [key: string]: unknown;
            } | null;
            output_key: string | null;
            subrequests: number | null;
            fetched_bytes: number | null;
            stored_bytes: number | null;
            cpu_ms: number | null;
            peak_memory_bytes: number | null;
            started_at: string;
            finished_at: string | null;
        };
        ImportedRepo: {
            dataset: string;
            language: string;
            repo: string;
            tasks: number;
            functions: number;
            sha256: string;
        };
        RepoQARelease: {
            python?: ({
                repo: string;
                commit_sha?: string;
                entrypoint_path?: string;
                topic?: string;
                content: {
                    [key: string]: string;
                };
                dependency?: {
                    [key: string]: string[];
                };
                functions: {
                    [key: string]: ({
                        name: string;
                        start_line: number;
                        end_line: number;
                        start_byte?: number;
                        end_byte?: number;
                        global_start_line?: number;
                        global_end_line?: number;
                        global_start_byte?: number;
                        global_end_byte?: number;
                        code_ratio?: number;
                    } & {
                        [key: string]: unknown;
                    })[];
                };
                needles: ({
                    name: string;
                    start_line: number;
                    end_line: number;
                    start_byte?: number;
                    end_byte?: number;
                    global_start_line?: number;
                    global_end_line?: number;
                    global_start_byte?: number;
                    global_end_byte?: number;
                    code_ratio?: number;
                    path: string;
                    description: string;
                    born?: string | null;
                } & {
                    [key: string]: unknown;
                })[];
                provenance?: {
                    [key: string]: unknown;
                };
            } & {
                [key: string]: unknown;
            })[];
            cpp?: ({
                repo: string;
                commit_sha?: string;
                entrypoint_path?: string;
                topic?: string;
                content: {
                    [key: string]: string;
                };
                dependency?: {
                    [key: string]: string[];
                };
                functions: {
                    [key: string]: ({
                        name: string;
                        start_line: number;
                        end_line: number;
                        start_byte?: number;
                        end_byte?: number;
                        global_start_line?: number;
                        global_end_line?: number;
                        global_start_byte?: number;
                        global_end_byte?: number;
                        code_ratio?: number;
                    } & {
                        [key: string]: unknown;
                    })[];
                };
                needles: ({
                    name: string;
                    start_line: number;
                    end_line: number;
                    start_byte?: number;
                    end_byte?: number;
                    global_start_line?: number;
                    global_end_line?: number;
                    global_start_byte?: number;
                    global_end_byte?: number;
                    code_ratio?: number;
                    path: string;
                    description: string;
                    born?: string | null;
                } & {
                    [key: string]: unknown;
                })[];
                provenance?: {
                    [key: string]: unknown;
                };
            } & {
                [key: string]: unknown;
            })[];
            java?: ({
                repo: string;
                commit_sha?: string;
                entrypoint_path?: string;
                topic?: string;
                content: {
                    [key: string]: string;
                };
                dependency?: {
                    [key: string]: string[];
                };
                functions: {
                    [key: string]: ({
                        name: string;
                        start_line: number;
                        end_line: number;
                        start_byte?: number;
                        end_byte?: number;
                        global_start_line?: number;
                        global_end_line?: number;
                        global_start_byte?: number;
                        global_end_byte?: number;
                        code_ratio?: number;
                    } & {
                        [key: string]: unknown;
                    })[];
                };
                needles: ({
                    name: string;
                    start_line: number;
                    end_line: number;
                    start_byte?: number;
                    end_byte?: number;
                    global_start_line?: number;
                    global_end_line?: number;
                    global_start_byte?: number;
                    global_end_byte?: number;
                    code_ratio?: number;
                    path: string;
                    description: string;
                    born?: string | null;
                } & {
                    [key: string]: unknown;
                })[];
                provenance?: {
                    [key: string]: unknown;
                };
            } & {
                [key: string]: unknown;
            })[];
            typescript?: ({
                repo: string;
                commit_sha?: string;
                entrypoint_path?: string;
                topic?: string;
                content: {
                    [key: string]: string;
                };
                dependency?: {
                    [key: string]: string[];
                };
                functions: {
                    [key: string]: ({
                        name: string;
                        start_line: number;
                        end_line: number;
                        start_byte?: number;
                        end_byte?: number;
                        global_start_line?: number;
                        global_end_line?: number;
                        global_start_byte?: number;
                        global_end_byte?: number;
                        code_ratio?: number;
                    } & {
                        [key: string]: unknown;
                    })[];
                };
                needles: ({
                    name: string;
                    start_line: number;
                    end_line: number;
                    start_byte?: number;
                    end_byte?: number;
                    global_start_line?: number;
                    global_end_line?: number;
                    global_start_byte?: number;
                    global_end_byte?: number;
                    code_ratio?: number;
                    path: string;
                    description: string;
                    born?: string | null;
                } & {
                    [key: string]: unknown;
                })[];
                provenance?: {
                    [key: string]: unknown;
                };
            } & {
                [key: string]: unknown;
            })[];
            rust?: ({
                repo: string;
                commit_sha?: string;
                entrypoint_path?: string;
                topic?: string;
                content: {
                    [key: string]: string;
                };
                dependency?: {
                    [key: string]: string[];
                };
                functions: {
                    [key: string]: ({
                        name: string;
                        start_line: number;
                        end_line: number;
                        start_byte?: number;
                        end_byte?: number;
                        global_start_line?: number;
                        global_end_line?: number;
                        global_start_byte?: number;
                        global_end_byte?: number;
                        code_ratio?: number;
                    } & {
                        [key: string]: unknown;
                    })[];
                };
                needles: ({
                    name: string;
                    start_line: number;
                    end_line: number;
                    start_byte?: number;
                    end_byte?: number;
                    global_start_line?: number;
                    global_end_line?: number;
                    global_start_byte?: number;
                    global_end_byte?: number;
                    code_ratio?: number;
                    path: string;
                    description: string;
                    born?: string | null;
                } & {
                    [key: string]: unknown;
                })[];
                provenance?: {
                    [key: string]: unknown;
                };
            } & {
                [key: string]: unknown;
            })[];
            go?: ({
                repo: string;
                commit_sha?: string;
                entrypoint_path?: string;
                topic?: string;
                content: {
                    [key: string]: string;
                };
                dependency?: {
                    [key: string]: string[];
                };
                functions: {
                    [key: string]: ({
                        name: string;
                        start_line: number;
                        end_line: number;
                        start_byte?: number;
                        end_byte?: number;
                        global_start_line?: number;
                        global_end_line?: number;
                        global_start_byte?: number;
                        global_end_byte?: number;
                        code_ratio?: number;
                    } & {
                        [key: string]: unknown;
                    })[];
                };
                needles: ({
                    name: string;
                    start_line: number;
                    end_line: number;
                    start_byte?: number;
                    end_byte?: number;
                    global_start_line?: number;
                    global_end_line?: number;
                    global_start_byte?: number;
                    global_end_byte?: number;
                    code_ratio?: number;
                    path: string;
                    description: string;
                    born?: string | null;
                } & {
                    [key: string]: unknown;
                })[];
                provenance?: {
                    [key: string]: unknown;
                };
            } & {
                [key: string]: unknown;
            })[];
        };
        ScoreIndexResult: {
            dataset: string;
            repos: number;
            objects: number;
            bytes: number;
        };
        SemTraceSuite: {
            /** @enum {string} */
            format: "needlework/semtrace-suite@1";
            seed: number;
            grid: {
                distractors: number[];
                positions: number[];
            };
            /** @default {} */
            build?: {
                [key: string]: unknown;
            };
            pool: {
                source: {
                    [key: string]: unknown;
                };
                filter: {
                    [key: string]: unknown;
                };
                functions: {
                    id: number;
                    name: string;
                    path: string;
                    line: number;
                    code: string;
                }[];
            };
            tasks: {
                "lexical-recall"?: {
                    /** @default {} */
                    source?: {
                        [key: string]: unknown;
                    };
                    targets: {
                        id: string;
                        code: string;
                        input: string;
                        output: string;
                        distractors?: {
                            [key: string]: number[];
                        };
                        base?: string;
                        removed?: number[];
                        fraction?: number;
                        interpreter?: {
                            /** @enum {boolean} */
                            ok: true;
                            repr: string;
                        } | {
                            /** @enum {boolean} */
                            ok: false;
                            error: string;
                        };
                        meta?: {
                            [key: string]: string | number | boolean;
                        };
                    }[];
                };
                "cruxeval-o"?: {
                    /** @default {} */
                    source?: {
                        [key: string]: unknown;
                    };
                    targets: {
                        id: string;
                        code: string;
                        input: string;
                        output: string;
                        distractors?: {
                            [key: string]: number[];
                        };
                        base?: string;
                        removed?: number[];
                        fraction?: number;
                        interpreter?: {
                            /** @enum {boolean} */
                            ok: true;
                            repr: string;
                        } | {
                            /** @enum {boolean} */
                            ok: false;
                            error: string;
                        };
                        meta?: {
                            [key: string]: string | number | boolean;
                        };
                    }[];
                };
                semtrace?: {
                    /** @default {} */
                    source?: {
                        [key: string]: unknown;
                    };
                    targets: {
                        id: string;
                        code: string;
                        input: string;
                        output: string;
                        distractors?: {
                            [key: string]: number[];
                        };
                        base?: string;
                        removed?: number[];
                        fraction?: number;
                        interpreter?: {
                            /** @enum {boolean} */
                            ok: true;
                            repr: string;
                        } | {
                            /** @enum {boolean} */
                            ok: false;
                            error: string;
                        };
                        meta?: {
                            [key: string]: string | number | boolean;
                        };
                    }[];
                };
                "sensitivity-semtrace"?: {
                    /** @default {} */
                    source?: {
                        [key: string]: unknown;
                    };
                    targets: {
                        id: string;
                        code: string;
                        input: string;
                        output: string;
                        distractors?: {
                            [key: string]: number[];
                        };
                        base?: string;
                        removed?: number[];
                        fraction?: number;
                        interpreter?: {
                            /** @enum {boolean} */
                            ok: true;
                            repr: string;
                        } | {
                            /** @enum {boolean} */
                            ok: false;
                            error: string;
                        };
                        meta?: {
                            [key: string]: string | number | boolean;
                        };
                    }[];
                };
                "sensitivity-cruxeval-o"?: {
                    /** @default {} */
                    source?: {
                        [key: string]: unknown;
                    };
                    targets: {
                        id: string;
                        code: string;
                        input: string;
                        output: string;
                        distractors?: {
                            [key: string]: number[];
                        };
                        base?: string;
                        removed?: number[];
                        fraction?: number;
                        interpreter?: {
                            /** @enum {boolean} */
                            ok: true;
                            repr: string;
                        } | {
                            /** @enum {boolean} */
                            ok: false;
                            error: string;
                        };
                        meta?: {
                            [key: string]: string | number | boolean;
                        };
                    }[];
                };
            };
        };
        LongCodeURelease: {
            /** @enum {string} */
            format: "needlework/longcodeu-release@1";
            seed: number;
            /** @enum {string} */
            language: "python";
            /** @default {} */
            build?: {
                [key: string]: unknown;
            };
            repos: {
                repo: string;
                /** @default {} */
                source?: {
                    [key: string]: unknown;
                };
                contexts: {
                    id: string;
                    /** @enum {string} */
                    kind: "code" | "stripped" | "docs";
                    files: string[];
                    text: string;
                    tokens: number;
                    /** @enum {string} */
                    bucket: "0-8K" | "8-16K" | "16-32K" | "32-64K" | "64-128K";
                }[];
                examples: {
                    id: string;
                    /** @enum {string} */
                    task: "CU_P" | "CU_SA" | "CU_DFA" | "DRA_T1" | "DRA_T2" | "SRE_T1" | "SRE_T2" | "LDU";
                    context: string;
                    anchor: {
                        name?: string;
                        variable?: string;
                        code?: string;
                        requirement?: string;
                    };
                    answer: {
                        names?: string[];
                        units?: {
                            name: string;
                            qualified?: string;
                            path?: string;
                            code: string;
                        }[];
                        lines?: {
                            line: number;
                            text: string;
                        }[];
                        section?: number;
                        text?: string;
                    };
                    meta?: {
                        [key: string]: unknown;
                    };
                    born?: string | null;
                }[];
            }[];
        };
        LongCodeUPartResult: {
            part: string;
            sha256: string;
            items: number;
            stored: boolean;
        };
        LongCodeUContextsPart: {
            repo: string;
            contexts: {
                id: string;
                /** @enum {string} */
                kind: "code" | "stripped" | "docs";
                files: string[];
                text: string;
                tokens: number;
                /** @enum {string} */
                bucket: "0-8K" | "8-16K" | "16-32K" | "32-64K" | "64-128K";
            }[];
        };
        LongCodeUExamplesPart: {
            /** @enum {string} */
            task: "CU_P" | "CU_SA" | "CU_DFA" | "DRA_T1" | "DRA_T2" | "SRE_T1" | "SRE_T2" | "LDU";
            examples: {
                id: string;
                /** @enum {string} */
                task: "CU_P" | "CU_SA" | "CU_DFA" | "DRA_T1" | "DRA_T2" | "SRE_T1" | "SRE_T2" | "LDU";
                context: string;
                anchor: {
                    name?: string;
                    variable?: string;
                    code?: string;
                    requirement?: string;
                };
                answer: {
                    names?: string[];
                    units?: {
                        name: string;
                        qualified?: string;
                        path?: string;
                        code: string;
                    }[];
                    lines?: {
                        line: number;
                        text: string;
                    }[];
                    section?: number;
                    text?: string;
                };
                meta?: {
                    [key: string]: unknown;
                };
                born?: string | null;
                repo: string;
            }[];
        };
        LongCodeUReleaseHeader: {
            /** @enum {string} */
            format: "needlework/longcodeu-release@1";
            seed: number;
            /** @enum {string} */
            language: "python";
            /** @default {} */
            build?: {
                [key: string]: unknown;
            };
            repos: {
                repo: string;
                /** @default {} */
                source?: {
                    [key: string]: unknown;
                };
                contexts: number;
                examples: number;
            }[];
        };
        Leaderboard: {
            query: {
                benchmark: string;
                dataset: string;
                language: string;
                /** @enum {string} */
                kind: "all" | "verified" | "reported";
                /** @enum {string} */
                sort: "-rate" | "rate" | "model" | "-model";
                /** @enum {number} */
                unseen?: 1;
                since?: string;
                until?: string;
                /** @description The entries' scope options as stored: the benchmark's scope parameters that differ from their defaults, as `key=value` joined by `&` ("" when none do) */
                options: string;
                /** @description RepoQA and the SemTrace family only */
                threshold?: number;
                /**
                 * @description RepoQA only
                 * @enum {string}
                 */
                mode?: "official" | "strict";
                /**
                 * @description RepoQA only
                 * @enum {string}
                 */
                comment_mode?: "original" | "positional_padding" | "no_padding";
                /**
                 * @description LongCodeU only
                 * @enum {string}
                 */
                bucket?: "all" | "0-8K" | "8-16K" | "16-32K" | "32-64K" | "64-128K";
                /**
                 * @description LongCodeU only
                 * @enum {string}
                 */
                metric?: "recall" | "precision";
            };
            /** @enum {string} */
            interval: "wilson-95";
            languages: string[];
            /** @description One page of the board, in the query's sort */
            rows: components["schemas"]["LeaderboardRow"][];
            /** @description The latest update of this page's rows */
            updated_at: string | null;
            /** @description Rows of the whole board (every page) */
            total: number;
            /** @description The most rows a page holds */
            limit: number;
            /** @description The `cursor` of the next page; null on the last */
            next: string | null;
            /** @description The `cursor` of the previous page; null on the first */
            prev: string | null;
            unseen?: components["schemas"]["UnseenView"];
            /** @description Positional benchmarks only: the paper's median relative drop for this task (reference figure) */
            paper_median_drop?: number;
            /** @description LongCodeU only: the task columns, in the paper's order */
            tasks?: ("CU_P" | "CU_SA" | "CU_DFA" | "DRA_T1" | "DRA_T2" | "SRE_T1" | "SRE_T2" | "LDU")[];
            /** @description LongCodeU only, with metric=recall and bucket=all: the paper's Table 3 (recall metrics over all lengths, its own data set), a reference apart from the rows */
            paper_reference?: components["schemas"]["LongCodeUPaperReference"][];
        };
        LeaderboardRow: components["schemas"]["Rate"] & {
            /** @description 1 + the number of rows with a higher rate (ties share a rank) */
            rank: number;
            model: string;
            /** @description For /v1/leaderboard/models/{model} */
            model_slug: string;
            /** @enum {string} */
            kind: "verified" | "reported";
            languages: {
                [key: string]: components["schemas"]["Rate"];
            };
            errors: number;
            context_exceeded: number;
            train_size: string | null;
            eval_date: string | null;
            source: string | null;
            license: string | null;
            has_samples: boolean;
            receipt: {
                [key: string]: unknown;
            } | null;
            cutoff: components["schemas"]["ModelCutoff"];
            /** @description Positional benchmarks only: the median over D of drop(D) = 1 - min over interior positions (0 < p < 1) of accuracy(D, p) / max over positions of accuracy(D, ·); null when no D has one. Rows of positional benchmarks: `rate` is exact-match accuracy (the same at every threshold). */
            median_drop?: number | null;
            /** @description LongCodeU only, in the query's bucket and metric: the metric's mean per task (0..1; null: no scored example of the task there). LongCodeU rows: `rate` is the average over the tasks that have one (the paper's #Avg), `n` the scored examples, `passed` and the interval null, `languages` empty, `errors` and `context_exceeded` those of the bucket. */
            tasks?: {
                CU_P: number | null;
                CU_SA: number | null;
                CU_DFA: number | null;
                DRA_T1: number | null;
                DRA_T2: number | null;
                SRE_T1: number | null;
                SRE_T2: number | null;
                LDU: number | null;
            };
            /** @description LongCodeU only: how many tasks the average is over */
            tasks_averaged?: number;
            /** @description LongCodeU only: outputs that could not be parsed (scored 0 and counted in n) */
            unparseable?: number;
        };
        Rate: {
            rate: number;
            /** @description 95 % Wilson score interval */
            ci_low: number | null;
            ci_high: number | null;
            /** @description Scored tasks (errors and context overflows excluded) */
            n: number | null;
            passed: number | null;
        };
        /** @description The model's training cutoff as stated (docs/contamination.md#cutoffs); null when nobody stated one */
        ModelCutoff: {
            /**
             * @description As stated: YYYY, YYYY-MM or YYYY-MM-DD
             * @example 2025-03
             */
            cutoff: string;
            /** @enum {string} */
            precision: "year" | "month" | "day";
            /** @description The first UTC day after the cutoff's period: units born on or after it are unseen by the model */
            first_unseen: string;
            /** @description Who stated it: `run <id>`, `import`, `admin` */
            source: string;
            /** @description Where it comes from (a model card), if given */
            note: string | null;
            updated_at: string;
        } | null;
        /** @description The unseen view (unseen=1): rows are scored only on units born after each model's cutoff; `born` is evidence, not proof (docs/contamination.md) */
        UnseenView: {
            since: string | null;
            until: string | null;
            /** @description Unseen units a model needs to be ranked */
            min_n: number;
            /**
             * @description `pass`: a row's rate is passed / n over its unseen units, with a Wilson interval; `score`: the mean score (graded benchmarks), no interval
             * @enum {string}
             */
            metric: "pass" | "score";
            /** @description The first models not ranked, by name */
            set_apart: {
                model: string;
                model_slug: string;
                /** @enum {string} */
                kind: "verified" | "reported";
                /** @enum {string} */
                reason: "no cutoff" | "too few unseen units";
                /** @description Units born on or after its first unseen day, within the window */
                n: number;
                cutoff: components["schemas"]["ModelCutoff"];
            }[];
            set_apart_total: number;
            /** @description The dataset's units by the year their code was born (ascending) and the undated ones: a year's units are unseen by every model whose cutoff is the year before or earlier. Null without a dataset */
            births: {
                units: number;
                undated: number;
                years: {
                    year: string;
                    units: number;
                }[];
            } | null;
        };
        LongCodeUPaperReference: {
            model: string;
            tasks: {
                CU_P: number;
                CU_SA: number;
                CU_DFA: number;
                DRA_T1: number;
                DRA_T2: number;
                SRE_T1: number;
                SRE_T2: number;
                LDU: number;
            };
            average: number;
        };
        ModelBreakdown: {
            model: string;
            model_slug: string;
            /** @enum {string} */
            kind: "verified" | "reported";
            /** @description A verified entry scored from outputs submitted to this service (no model called here; its receipt has their sha256) */
            submitted_outputs: boolean;
            benchmark: string;
            dataset: string;
            /** @description RepoQA and the SemTrace family only */
            threshold?: number;
            /**
             * @description RepoQA only
             * @enum {string}
             */
            mode?: "official" | "strict";
            /**
             * @description RepoQA only
             * @enum {string}
             */
            comment_mode?: "original" | "positional_padding" | "no_padding";
            /**
             * @description LongCodeU only
             * @enum {string}
             */
            bucket?: "all" | "0-8K" | "8-16K" | "16-32K" | "32-64K" | "64-128K";
            /**
             * @description LongCodeU only
             * @enum {string}
             */
            metric?: "recall" | "precision";
            cutoff: components["schemas"]["ModelCutoff"] & unknown;
            /** @enum {string} */
            interval: "wilson-95";
            /** @description Pass-rate benchmarks: thresholds["0.8"]["python"]; "all" included */
            thresholds?: {
                [key: string]: {
                    [key: string]: components["schemas"]["Rate"];
                };
            };
            /** @description Pass-rate benchmarks: by the target's depth in tenths, at `threshold` (empty without samples) */
            depth?: components["schemas"]["BucketRate"][];
            /** @description Pass-rate benchmarks: by context length, at `threshold` */
            length?: components["schemas"]["BucketRate"][];
            heatmap?: {
                depth: string;
                length: string;
                rate: number;
                n: number;
            }[];
            has_samples: boolean;
            /** @description The model's results by the month its units' code was born (dated units only, at the query's threshold; the unseen view's metric): a drop after its cutoff is evidence of contamination (docs/contamination.md) */
            born_months: {
                month: string;
                n: number;
                passed: number | null;
                rate: number;
                ci_low: number | null;
                ci_high: number | null;
            }[];
            positional?: components["schemas"]["PositionalBreakdown"];
            longcodeu?: components["schemas"]["LongCodeUBreakdown"];
        };
        BucketRate: components["schemas"]["Rate"] & {
            bucket: string;
            lo: number;
            hi: number;
        };
        /** @description Positional benchmarks only. There `depth` is keyed by exact grid position (lo = hi = the position), `length` by D, `heatmap` is position x D, and pass means exact match at every threshold. */
        PositionalBreakdown: {
            /** @description Grid positions present, ascending, as keys: the position rounded to 6 decimals, shortest form ("0", "0.1", "0.25", "1") */
            positions: string[];
            /** @description Distractor counts D present, ascending */
            distractors: number[];
            /** @description One per (position, D) with scored samples, by D then position */
            cells: (components["schemas"]["Rate"] & {
                position: string;
                distractors: number;
                /** @description Mean partial score of the cell's scored samples (SemTrace: fraction of list positions right) */
                mean_score: number | null;
                /** @description rate / the best rate over positions at this D; null when that best is 0 */
                relative: number | null;
            })[];
            drops: {
                distractors: number;
                /** @description Best accuracy over positions at this D */
                best: number;
                /** @description Lowest relative accuracy at an interior position (0 < p < 1) */
                min_relative: number | null;
                min_position: string | null;
                /** @description 1 - min_relative */
                drop: number | null;
            }[];
            /** @description Median over D of drop */
            median_drop: number | null;
            /** @description Mean partial score over all scored samples */
            mean_score: number | null;
            /** @description Samples whose model call failed (not in any n) */
            errors: number;
            /** @description Samples whose prompt exceeded the model's context window (not in any n) */
            context_exceeded: number;
            /** @description The paper's median relative drop for this task (reference figure) */
            paper_median_drop: number;
        };
        /** @description LongCodeU only: the task x length-bucket grid with recall and precision. There `thresholds`, `depth`, `length` and `heatmap` are empty (LongCodeU has no threshold). */
        LongCodeUBreakdown: {
            task_order: ("CU_P" | "CU_SA" | "CU_DFA" | "DRA_T1" | "DRA_T2" | "SRE_T1" | "SRE_T2" | "LDU")[];
            /** @description Context-length buckets in CodeLlama tokens (1K = 1024) */
            buckets: ("0-8K" | "8-16K" | "16-32K" | "32-64K" | "64-128K")[];
            /** @description Per task with examples: over all lengths, and per bucket with examples (an example of unknown length is in `all` only) */
            tasks: {
                [key: string]: {
                    all: components["schemas"]["LongCodeUCell"];
                    buckets: {
                        [key: string]: components["schemas"]["LongCodeUCell"];
                    };
                };
            };
            /** @description The average over tasks (the paper's #Avg), with the counts of all tasks */
            average: {
                all: components["schemas"]["LongCodeUAverage"];
                buckets: {
                    [key: string]: components["schemas"]["LongCodeUAverage"];
                };
            };
            /** @description The paper's Table 3 (recall, all lengths), reference figures */
            paper_reference: components["schemas"]["LongCodeUPaperReference"][];
        };
        LongCodeUCell: {
            /** @description Scored examples */
            n: number;
            /** @description Mean recall (EM-R, LCS-R, CodeBLEU, CB-R or BLEU); null without scored examples */
            recall: number | null;
            /** @description Mean precision (EM-P, LCS-P, CodeBLEU, CB-P or BLEU) */
            precision: number | null;
            /** @description Outputs that could not be parsed (scored 0, in n) */
            unparseable: number;
            /** @description Model calls that failed (not in n) */
            errors: number;
            /** @description Prompts over the model's context window (not in n) */
            context_exceeded: number;
        };
        LongCodeUAverage: components["schemas"]["LongCodeUCell"] & {
            /** @description Tasks with scored examples: recall and precision are the means of their task means */
            tasks: number;
        };
        LeaderboardImportResult: {
            /** @enum {string} */
            kind: "reported";
            /** @enum {string} */
            file_type: "scores" | "combined";
            benchmark: string;
            dataset: string;
            generation: number;
            entries: {
                model: string;
                model_slug: string;
                /**
                 * @description `kept`: a per-sample entry exists and wins over aggregates only
                 * @enum {string}
                 */
                status: "created" | "replaced" | "unchanged" | "kept";
                has_samples: boolean;
                n: number;
            }[];
            warnings: string[];
        };
        LeaderboardImport: {
            /**
             * @description Imports are always `reported`; verified entries come only from runs of this service
             * @enum {string}
             */
            kind: "reported";
            /** @example repoqa-2024-04-20 */
            dataset: string;
            /**
             * @description Only `repoqa-snf` results files can be imported; the other leaderboard benchmarks are published by runs (422)
             * @default repoqa-snf
             * @enum {string}
             */
            benchmark?: "repoqa-snf" | "lexical-recall" | "cruxeval-o" | "semtrace" | "longcodeu";
            /**
             * @default official
             * @enum {string}
             */
            scoring_mode?: "official" | "strict";
            /**
             * @default original
             * @enum {string}
             */
            comment_mode?: "original" | "positional_padding" | "no_padding";
            /**
             * @description Context length of the evaluation (length buckets)
             * @default 16384
             */
            context_size?: number;
            /** @example RepoQA authors (https://github.com/evalplus/repoqa) */
            source: string;
            /** @example Apache-2.0 */
            license: string;
            /**
             * @description Training cutoffs of the file's models as their providers state them (`YYYY`, `YYYY-MM`, `YYYY-MM-DD`), by model name, stored with source `import` (docs/contamination.md#cutoffs); a bad one is a 400 and nothing is imported
             * @example {
             *       "gpt-4o-2024-05-13": "2023-10"
             *     }
             */
            cutoffs?: {
                [key: string]: string;
            };
            /** @description Tasks per language behind an aggregates-only file (COMBINED-RESULTS.json). Default 100 for repoqa-2024-04-20 (10 repositories x 10 needles); required for other datasets */
            n_per_language?: number;
            /** @description The parsed JSON of a `<model>-SCORES.json` or of `COMBINED-RESULTS.json` */
            file: {
                [key: string]: {
                    eval_date?: string | null;
                    train_size?: string | number | null;
                    scores: {
                        [key: string]: {
                            [key: string]: {
                                "pass@1": number;
                            };
                        };
                    };
                    results?: {
                        [key: string]: {
                            repo: string;
                            name: string;
                            needle_position: number;
                            is_best_similar: boolean;
                            best_similar_score: number;
                            best_target: string | null;
                            position: {
                                token_start: number | null;
                                token_end: number | null;
                            };
                        }[];
                    };
                };
            };
        };
        /** @description A run: status, counts per state, tokens, cost estimate, parameters, settings, receipt (docs/runs.md#runs-api) */
        Run: {
            id: string;
            benchmark: string;
            dataset: string;
            /** @description The model spec (`submitted:<name>` for submitted outputs) */
            model: string;
            /** @description Name on the leaderboard */
            label: string;
            /** @description The NAME of the Worker secret holding the key */
            api_key: string | null;
            /**
             * @description `receiving`: a run from submitted outputs waiting for its parts (docs/runs.md#big-submissions-in-parts)
             * @enum {string}
             */
            status: "receiving" | "running" | "completed" | "cancelled" | "budget_exhausted";
            /** @description A run whose submitted outputs come in parts only (GET /v1/runs/{id}/outputs has more) */
            parts?: {
                /** @description Parts announced */
                expected: number;
                /** @description The parts stored, in part order */
                received: number[];
            };
            /** @description Units the run covers (0 while a run in parts is receiving) */
            units: number;
            counts: {
                /** @description Not yet sent */
                pending: number;
                /** @description Message sent */
                queued: number;
                /** @description Claimed by a consumer */
                running: number;
                done: number;
                /** @description Not run (cancel, budget) */
                skipped: number;
                /** @description Of the done: answered and scored */
                scored: number;
                /** @description Of the scored: passed */
                passed: number;
                /** @description Of the done: failed (not a wrong answer) */
                error: number;
                /** @description Of the done: the prompt exceeded the model's context window */
                context_exceeded: number;
            };
            tokens: {
                prompt: number;
                completion: number;
                /** @description Reserved for calls in flight */
                reserved: number;
            };
            /** @description Calls made, retries included */
            model_calls: number;
            /** @description Answers from the response cache */
            cached: number;
            /** @description Estimate from `price`; null without one */
            cost_usd: number | null;
            started_at: string;
            finished_at: string | null;
            parameters: components["schemas"]["RunParameters"];
            options: components["schemas"]["RunSettings"];
            receipt: components["schemas"]["RunReceipt"];
            created_at: string;
            links: {
                self: string;
                events: string;
                samples: string;
                results: string;
            };
        };
        /** @description Generation parameters as sent */
        RunParameters: {
            temperature: number;
            max_tokens: number;
            /** @description Sent only when the provider supports it */
            seed: number | null;
            system_message: string | null;
            /**
             * @description How a prompt's assistant prefill is sent
             * @enum {string}
             */
            prefill?: "assistant" | "continue" | "user";
        };
        /** @description How the run runs: benchmark options, concurrency, budget, retry policy, cache, publish, price, the model's limits */
        RunSettings: {
            /** @description The benchmark's options after defaults (each benchmark's own: GET /v1/benchmarks) */
            benchmark_options: {
                [key: string]: unknown;
            };
            concurrency: number;
            token_budget: number | null;
            retry: {
                maxAttempts: number;
                baseDelayMs: number;
                maxDelayMs: number;
                timeoutMs: number;
                maxRetryAfterMs: number;
            };
            cache: boolean;
            publish: boolean;
            price: {
                input: number;
                output: number;
            } | null;
            limits: {
                contextWindow: number;
                /** @description Calls in flight at once across every run against this model */
                concurrency: number;
                requestsPerMinute: number | null;
                /** @description Whether the provider honours `seed` */
                seed: boolean;
                /**
                 * @description How a prefill is sent when the run does not say
                 * @enum {string}
                 */
                prefill: "assistant" | "user";
            };
        };
        /** @description What the run's figures depend on (docs/runs.md); fields may be added */
        RunReceipt: {
            run: string;
            benchmark: string;
            dataset: string;
            dataset_sha256: string;
            prompt_template_version: string;
            scorer_version: string;
            service_version: string;
            parser_runtime?: components["schemas"]["ParserRuntime"];
            grammars?: components["schemas"]["Grammars"];
            /** @description The model spec */
            model: string;
            parameters: components["schemas"]["RunParameters"];
            /** @description The benchmark's options after defaults (each benchmark's own: GET /v1/benchmarks) */
            options: {
                [key: string]: unknown;
            };
            filters: {
                languages: string[] | null;
                limit: number | null;
                /** @description A run from submitted outputs over part of the dataset: the units submitted */
                units?: number;
            };
            /**
             * @description Absent for a run that called its model here
             * @enum {string}
             */
            source?: "submitted outputs";
            /** @description sha256 of the submitted outputs as compact JSON (a run in parts: once the last part is in) */
            outputs_sha256?: string;
            /** @description Outputs submitted */
            outputs?: number;
            /** @description Parts announced (a run in parts) */
            parts?: number;
            context_window: number;
            /** @description Whether the seed reached the provider */
            seed_applied: boolean;
            comment_mode: string | null;
            /** @description When the dataset's targets were born (its provenance's range; docs/contamination.md); null for an undated dataset */
            born?: ({
                earliest: string | null;
                latest: string | null;
                dated: number;
                undated: number;
            } & {
                [key: string]: unknown;
            }) | null;
            /** @description The model's training cutoff given with the run (`cutoff`), if any */
            cutoff?: string | null;
            created_at: string;
            finished_at: string | null;
            rescored_at?: string;
        } & {
            [key: string]: unknown;
        };
        RunRequest: {
            /**
             * @description One of: repoqa-snf, lexical-recall, cruxeval-o, semtrace, sensitivity-semtrace, sensitivity-cruxeval-o, longcodeu
             * @default repoqa-snf
             */
            benchmark?: string;
            dataset: string;
            /**
             * @description workers-ai:<model>, openai-compatible:<model>@<base url>, or baseline:oracle|bm25|interpreter|empty (each benchmark lists its baselines); with `outputs`, just the model's name (nothing is called)
             * @example openai-compatible:qwen2.5-coder-7b-instruct@http://127.0.0.1:8080/v1
             */
            model: string;
            /**
             * @description The NAME of a Worker secret (`*_API_KEY`) holding the key; never the key itself
             * @example OPENROUTER_API_KEY
             */
            api_key?: string | null;
            /** @description Name on the leaderboard (default: the model id) */
            label?: string;
            /** @default 0 */
            temperature?: number;
            /** @description Default: the benchmark's (1024 for RepoQA) */
            max_tokens?: number;
            /** @description Sent when the provider supports it */
            seed?: number | null;
            /** @description Off by default, as in the reference */
            system_message?: string | null;
            /**
             * @description How a prompt's assistant prefill (where a benchmark's prompt ends with one) is sent: a final assistant turn, that plus vLLM's continue_final_message, or appended to the user turn. Default: the provider's (openai-compatible: assistant; workers-ai: user)
             * @enum {string}
             */
            prefill?: "assistant" | "continue" | "user";
            /** @description Benchmark options, e.g. RepoQA {scoring_mode, ignore_comments, threshold, context_size, comment_mode} */
            options?: {
                [key: string]: unknown;
            };
            languages?: string[];
            /** @description Run only the first N tasks */
            limit?: number;
            /** @default 4 */
            concurrency?: number;
            /** @description Stop sending when prompt + completion tokens would exceed this */
            token_budget?: number | null;
            /** @description Override the model registry (context window, shared concurrency, requests per minute) */
            model_limits?: {
                contextWindow?: number;
                concurrency?: number;
                requestsPerMinute?: number | null;
            };
            retry?: {
                maxAttempts?: number;
                baseDelayMs?: number;
                maxDelayMs?: number;
                timeoutMs?: number;
                maxRetryAfterMs?: number;
            };
            /**
             * @description Reuse stored responses to the same (model, parameters, prompt)
             * @default true
             */
            cache?: boolean;
            /** @description Publish to the leaderboard when complete (default: when the run covers the whole dataset) */
            publish?: boolean;
            /**
             * @description The model's training cutoff as its provider states it: `YYYY`, `YYYY-MM` or `YYYY-MM-DD`. Stored for the model under the run's label (source `run <id>`; the newest statement wins), so the leaderboard can score it on unseen code only (docs/contamination.md#cutoffs). Absent: the model's stored cutoff, if any, stands
             * @example 2025-03
             */
            cutoff?: string;
            /** @description USD per million input/output tokens, for the cost estimate */
            price?: {
                input: number;
                output: number;
            } | null;
            /** @description Outputs a harness already produced, one per unit (at most 5000, each at most 65536 bytes): the run calls no model and scores each as POST /v1/score would. A unit the dataset lacks is a 422 naming it, and nothing is stored (docs/runs.md#scoring-outputs-you-already-have) */
            outputs?: components["schemas"]["SubmittedOutput"][];
            /** @description Instead of `outputs`: the submitted outputs come in this many parts (at most 64), each sent with PUT /v1/runs/{id}/outputs/{part}; the run is `receiving` until the last is in, then scored as if they had come in one body (docs/runs.md#big-submissions-in-parts) */
            parts?: number;
        };
        SubmittedOutput: {
            unit: string;
            output: string;
        };
        RunOutputsPartStored: components["schemas"]["RunOutputsParts"] & {
            part: number;
            /** @description sha256 of this part's outputs as compact JSON */
            sha256: string;
            /** @description false: the same part with the same outputs was already stored (nothing changed) */
            stored: boolean;
        };
        RunOutputsParts: {
            run: string;
            /** @enum {string} */
            status: "receiving" | "running" | "completed" | "cancelled" | "budget_exhausted";
            /** @description Parts announced */
            parts: number;
            /** @description The parts stored, in part order, with the sha256 of each one's outputs */
            received: {
                part: number;
                sha256: string;
                outputs: number;
            }[];
            /** @description The parts still to send */
            missing: number[];
            /** @description Outputs received in all */
            outputs: number;
            /** @description Every part is in and the run was started (scored as one made from the same outputs in one body) */
            started: boolean;
        };
        RunOutputsPart: {
            /** @description This part's outputs, in the order they count for the submission's sha256 (at most 5000, each at most 65536 bytes, the body at most 8388608 bytes) */
            outputs: components["schemas"]["SubmittedOutput"][];
        };
        RunList: {
            runs: {
                id: string;
                benchmark: string;
                dataset: string;
                model: string;
                label: string;
                /**
                 * @description `receiving`: a run from submitted outputs waiting for its parts (docs/runs.md#big-submissions-in-parts)
                 * @enum {string}
                 */
                status: "receiving" | "running" | "completed" | "cancelled" | "budget_exhausted";
                units: number;
                created_at: string;
                finished_at: string | null;
            }[];
            /** @description The models the registry knows, with their limits */
            models: {
                contextWindow: number;
                /** @description Calls in flight at once across every run against this model */
                concurrency: number;
                requestsPerMinute: number | null;
                /** @description Whether the provider honours `seed` */
                seed: boolean;
                /**
                 * @description How a prefill is sent when the run does not say
                 * @enum {string}
                 */
                prefill: "assistant" | "user";
                spec: string;
            }[];
        };
        DeletedRun: {
            deleted: string;
            samples: number;
            objects: number;
            complete: boolean;
        };
        RunSamplePage: {
            run: string;
            samples: {
                runId: string;
                unit: string;
                taskId: string;
                language: string;
                /** @description null on a held-out dataset */
                position: number | null;
                contextSize: number | null;
                /** @enum {string} */
                status: "scored" | "error" | "context_exceeded";
                passed: boolean | null;
                score: number | null;
                /** @description The benchmark's verdict detail (its own fields; a held-out dataset's public ones) */
                detail: {
                    [key: string]: unknown;
                } | null;
                scorerVersion: string | null;
                outputKey: string | null;
                promptSha256: string;
                promptTokens: number | null;
                completionTokens: number | null;
                cached: boolean;
                calls: number;
                latencyMs: number | null;
                error: string | null;
                /** @description The UTC day the unit's target code was born; null when undated */
                born: string | null;
                finishedAt: string;
            }[];
            /** @description The `after` of the next page; null on the last */
            next: string | null;
        };
        /** @description A run's results: every run's counts and receipt, then its benchmark's own fields (by `benchmark`): a threshold sweep's `threshold`, `thresholds`, `pass_at_1` (group → threshold → rate) and `by_depth`; a pass/fail benchmark's `pass_at_1` (group → rate); a benchmark's own `summary` (docs/runs.md#results) */
        RunResults: (components["schemas"]["RunResultsBase"] & {
            /** @enum {string} */
            benchmark?: "repoqa-snf";
            /** @description The run's threshold (a key of `thresholds`) */
            threshold: string;
            thresholds: string[];
            /** @description Group (`all`, each language) → threshold → rate */
            pass_at_1: {
                [key: string]: {
                    [key: string]: components["schemas"]["PassRate"];
                };
            };
            /** @description Per needle-depth bucket at the run's threshold */
            by_depth: (components["schemas"]["PassRate"] & {
                bucket: string;
            })[];
        }) | (components["schemas"]["RunResultsBase"] & {
            /** @enum {string} */
            benchmark?: "lexical-recall";
            /** @description Group (`all`, each language) → the passed share of the scored samples */
            pass_at_1: {
                [key: string]: components["schemas"]["PassRate"];
            };
            summary: components["schemas"]["PositionalSummary"];
        }) | (components["schemas"]["RunResultsBase"] & {
            /** @enum {string} */
            benchmark?: "cruxeval-o";
            /** @description Group (`all`, each language) → the passed share of the scored samples */
            pass_at_1: {
                [key: string]: components["schemas"]["PassRate"];
            };
            summary: components["schemas"]["PositionalSummary"];
        }) | (components["schemas"]["RunResultsBase"] & {
            /** @enum {string} */
            benchmark?: "semtrace";
            /** @description Group (`all`, each language) → the passed share of the scored samples */
            pass_at_1: {
                [key: string]: components["schemas"]["PassRate"];
            };
            summary: components["schemas"]["PositionalSummary"];
        }) | (components["schemas"]["RunResultsBase"] & {
            /** @enum {string} */
            benchmark?: "sensitivity-semtrace";
            /** @description Group (`all`, each language) → the passed share of the scored samples */
            pass_at_1: {
                [key: string]: components["schemas"]["PassRate"];
            };
            summary: components["schemas"]["SensitivityRunSummary"];
        }) | (components["schemas"]["RunResultsBase"] & {
            /** @enum {string} */
            benchmark?: "sensitivity-cruxeval-o";
            /** @description Group (`all`, each language) → the passed share of the scored samples */
            pass_at_1: {
                [key: string]: components["schemas"]["PassRate"];
            };
            summary: components["schemas"]["SensitivityRunSummary"];
        }) | (components["schemas"]["RunResultsBase"] & {
            /** @enum {string} */
            benchmark?: "longcodeu";
            summary: components["schemas"]["LongCodeUSummary"];
        });
        PassRate: {
            /** @description Scored samples */
            n: number;
            passed: number;
            rate: number;
            /** @description 95 % Wilson score interval */
            ci_low: number;
            ci_high: number;
        };
        RunResultsBase: {
            run: string;
            benchmark: string;
            model: string;
            label: string;
            /**
             * @description `receiving`: a run from submitted outputs waiting for its parts (docs/runs.md#big-submissions-in-parts)
             * @enum {string}
             */
            status: "receiving" | "running" | "completed" | "cancelled" | "budget_exhausted";
            /** @description Samples stored */
            samples: number;
            scored: number;
            /** @description Not wrong answers: counted apart */
            errors: number;
            /** @description Not wrong answers: counted apart */
            context_exceeded: number;
            receipt: components["schemas"]["RunReceipt"];
        };
        /** @description The position × D grid with the paper's relative accuracy, the drops and their median (docs/semtrace.md) */
        PositionalSummary: {
            /** @description One cell per (D, position) with scored samples, by D then position */
            grid: {
                distractors: number;
                position: number;
                n: number;
                passed: number;
                accuracy: number;
                /** @description Mean partial score (SemTrace: fraction of list positions right) */
                mean_score: number;
                /** @description accuracy / the best position's accuracy at this D; null when that is 0 */
                relative: number | null;
                unresolved: number;
                unparseable: number;
            }[];
            drops: {
                distractors: number;
                best: number;
                min_relative: number | null;
                min_position: string | null;
                /** @description 1 - min_relative */
                drop: number | null;
            }[];
            median_drop: number | null;
            unresolved: number;
            unparseable: number;
        };
        /** @description The accuracy curve by fraction of lines removed and the sensitivity (docs/semtrace.md) */
        SensitivityRunSummary: {
            /** @description null without scored samples (of snippets with a scored complete version) */
            sensitivity: {
                per_snippet: {
                    mean: number | null;
                    snippets: number;
                    unsolved: number;
                };
                aggregate: number | null;
                /** @description Accuracy by fraction removed: "0" (complete), then "0.0-0.1" … "0.9-1.0" */
                curve: {
                    bucket: string;
                    lo: number;
                    hi: number;
                    n: number;
                    accuracy: number;
                }[];
            } | null;
            /** @description Snippets whose incomplete versions were scored without a scored complete version: left out (absent when there are none) */
            without_complete?: {
                /** @description The snippets left out (at most 100 listed) */
                snippets: string[];
                /** @description Snippets left out */
                total: number;
                /** @description Their samples, left out of every figure */
                samples: number;
                note: string;
            };
        };
        /** @description Mean recall and precision per task and length bucket (docs/longcodeu.md) */
        LongCodeUSummary: {
            /** @description Each task's paper metric */
            metrics: {
                /** @enum {string} */
                CU_P?: "LCS" | "CodeBLEU" | "EM" | "CB" | "BLEU";
                /** @enum {string} */
                CU_SA?: "LCS" | "CodeBLEU" | "EM" | "CB" | "BLEU";
                /** @enum {string} */
                CU_DFA?: "LCS" | "CodeBLEU" | "EM" | "CB" | "BLEU";
                /** @enum {string} */
                DRA_T1?: "LCS" | "CodeBLEU" | "EM" | "CB" | "BLEU";
                /** @enum {string} */
                DRA_T2?: "LCS" | "CodeBLEU" | "EM" | "CB" | "BLEU";
                /** @enum {string} */
                SRE_T1?: "LCS" | "CodeBLEU" | "EM" | "CB" | "BLEU";
                /** @enum {string} */
                SRE_T2?: "LCS" | "CodeBLEU" | "EM" | "CB" | "BLEU";
                /** @enum {string} */
                LDU?: "LCS" | "CodeBLEU" | "EM" | "CB" | "BLEU";
            };
            table: {
                /** @description Per task with samples: over all lengths and per length bucket */
                tasks: {
                    CU_P?: components["schemas"]["LongCodeUTaskCells"];
                    CU_SA?: components["schemas"]["LongCodeUTaskCells"];
                    CU_DFA?: components["schemas"]["LongCodeUTaskCells"];
                    DRA_T1?: components["schemas"]["LongCodeUTaskCells"];
                    DRA_T2?: components["schemas"]["LongCodeUTaskCells"];
                    SRE_T1?: components["schemas"]["LongCodeUTaskCells"];
                    SRE_T2?: components["schemas"]["LongCodeUTaskCells"];
                    LDU?: components["schemas"]["LongCodeUTaskCells"];
                };
                /** @description The mean over tasks (the paper's #Avg) */
                average: {
                    all: components["schemas"]["LongCodeURunAverage"];
                    buckets: {
                        "0-8K"?: components["schemas"]["LongCodeURunAverage"];
                        "8-16K"?: components["schemas"]["LongCodeURunAverage"];
                        "16-32K"?: components["schemas"]["LongCodeURunAverage"];
                        "32-64K"?: components["schemas"]["LongCodeURunAverage"];
                        "64-128K"?: components["schemas"]["LongCodeURunAverage"];
                    };
                };
            };
        };
        LongCodeUTaskCells: {
            all: components["schemas"]["LongCodeUCell"];
            buckets: {
                "0-8K"?: components["schemas"]["LongCodeUCell"];
                "8-16K"?: components["schemas"]["LongCodeUCell"];
                "16-32K"?: components["schemas"]["LongCodeUCell"];
                "32-64K"?: components["schemas"]["LongCodeUCell"];
                "64-128K"?: components["schemas"]["LongCodeUCell"];
            };
        };
        LongCodeURunAverage: {
            /** @description Tasks with scored samples here (the mean is over them) */
            tasks: number;
            recall: number | null;
            precision: number | null;
        };
        RunRescored: {
            run: string;
            /** @description Samples re-scored */
            rescored: number;
            /** @description Of them, with another verdict */
            changed: number;
            /** @description The benchmark's options after defaults (each benchmark's own: GET /v1/benchmarks) */
            options: {
                [key: string]: unknown;
            };
            results: components["schemas"]["RunResults"];
        };
        PublishedRun: {
            model: string;
            model_slug: string;
            /**
             * @description `unchanged`: the same run was published before
             * @enum {string}
             */
            status: "created" | "replaced" | "unchanged" | "kept";
            generation: number;
            /** @description Scored samples */
            n: number;
            errors: number;
            context_exceeded: number;
        };
        Comparison: {
            /** @description Tasks scored on both sides */
            n_paired: number;
            table: components["schemas"]["PairedTable"];
            /** @description McNemar's exact two-sided p-value (see `mcnemar`) */
            mcnemar_p: number | null;
            pass_at_1: {
                a: number;
                b: number;
            } | null;
            /** @description Graded benchmarks: each side's mean grade over the pairs */
            mean_grade: {
                a: number;
                b: number;
            } | null;
            difference: components["schemas"]["PairedDifference"];
            benchmark: string;
            dataset: string;
            /** @enum {string} */
            outcome: "pass_fail" | "graded";
            /** @description The threshold the pass rule read; null when it reads none */
            threshold: number | null;
            a: {
                /** @enum {string} */
                kind: "run" | "entry";
                /** @description The run id or the model slug */
                id: string;
                model: string;
                benchmark: string;
                dataset: string;
                /** @description RepoQA: an entry's mode; null for a run of that benchmark */
                mode?: string | null;
                /** @description RepoQA: an entry's comment_mode; null for a run of that benchmark */
                comment_mode?: string | null;
                /** @enum {string|null} */
                entry_kind: "verified" | "reported" | null;
                /** @description Where the side's answers are: a run side's id, a verified entry's run (its receipt's `run`); null for a reported entry */
                run: string | null;
            };
            b: {
                /** @enum {string} */
                kind: "run" | "entry";
                /** @description The run id or the model slug */
                id: string;
                model: string;
                benchmark: string;
                dataset: string;
                /** @description RepoQA: an entry's mode; null for a run of that benchmark */
                mode?: string | null;
                /** @description RepoQA: an entry's comment_mode; null for a run of that benchmark */
                comment_mode?: string | null;
                /** @enum {string|null} */
                entry_kind: "verified" | "reported" | null;
                /** @description Where the side's answers are: a run side's id, a verified entry's run (its receipt's `run`); null for a reported entry */
                run: string | null;
            };
            /** @description The pairing rule, stated */
            pairing: string;
            /** @description The McNemar convention, stated; null without a table */
            mcnemar: string | null;
            /** @description Tasks present on one side only, by side */
            unpaired: {
                a: string[];
                b: string[];
            };
            /** @description Tasks on both sides left out because a side's sample is an error or a context overflow */
            not_scored: {
                a: {
                    error: string[];
                    context_exceeded: string[];
                };
                b: {
                    error: string[];
                    context_exceeded: string[];
                };
            };
            /** @description The same figures per group as the benchmark defines (language, grid position, task); null when it defines none */
            groups: {
                by: string;
                rows: {
                    /** @description Tasks scored on both sides */
                    n_paired: number;
                    table: components["schemas"]["PairedTable"];
                    /** @description McNemar's exact two-sided p-value (see `mcnemar`) */
                    mcnemar_p: number | null;
                    pass_at_1: {
                        a: number;
                        b: number;
                    } | null;
                    /** @description Graded benchmarks: each side's mean grade over the pairs */
                    mean_grade: {
                        a: number;
                        b: number;
                    } | null;
                    difference: components["schemas"]["PairedDifference"];
                    key: string;
                }[];
            } | null;
            discordant: components["schemas"]["DiscordantTasks"];
        };
        /** @description Null when the benchmark has no pass rule */
        PairedTable: {
            both: number;
            only_a: number;
            only_b: number;
            neither: number;
        } | null;
        /** @description A − B with its 95 % interval; null without pairs */
        PairedDifference: {
            estimate: number;
            ci_low: number;
            ci_high: number;
            /** @description `newcombe-1998-method-10` (pass/fail: difference of pass@1) or `paired-bootstrap-percentile` (graded: mean paired difference) */
            method: string;
            /** @description Bootstrap only: the seed of Python's random.Random (MT19937) the resamples are drawn with */
            seed?: number;
            /** @description Bootstrap only */
            resamples?: number;
        } | null;
        /** @description The tasks where the sides disagree, one page of 50: graded benchmarks largest difference first, pass/fail ones only_a before only_b, ties by key */
        DiscordantTasks: {
            /**
             * @description `pass`: the sides disagree on passing (`only_a`, `only_b`); `grade`: benchmarks without a pass rule, the grades differ (`a_higher`, `b_higher`)
             * @enum {string}
             */
            by: "pass" | "grade";
            /** @description Every discordant task by kind: `only_a` and `only_b` (by pass), or `a_higher` and `b_higher` (by grade) */
            counts: {
                only_a?: number;
                only_b?: number;
                a_higher?: number;
                b_higher?: number;
            };
            total: number;
            page: number;
            pages: number;
            per_page: number;
            items: {
                /** @description The task's pair key */
                key: string;
                /** @enum {string} */
                kind: "only_a" | "only_b" | "a_higher" | "b_higher";
                a: {
                    /** @description The run's unit (its sample page is `/runs/{id}/samples/{unit}`); null for an entry's sample */
                    unit: string | null;
                    /** @description Whether it passes at the comparison's threshold; null without a pass rule */
                    passed: boolean | null;
                    /** @description Its grade (graded benchmarks) or stored score */
                    score: number | null;
                };
                b: {
                    /** @description The run's unit (its sample page is `/runs/{id}/samples/{unit}`); null for an entry's sample */
                    unit: string | null;
                    /** @description Whether it passes at the comparison's threshold; null without a pass rule */
                    passed: boolean | null;
                    /** @description Its grade (graded benchmarks) or stored score */
                    score: number | null;
                };
                /** @description Grade A − grade B (graded benchmarks); null otherwise */
                difference: number | null;
                /**
                 * @description The page with both answers side by side against the expected answer
                 * @example /compare/task?a=run-…&b=run-…&key=…
                 */
                answers: string;
            }[];
        };
        /** @description A named token, without its secret */
        CreatedToken: components["schemas"]["Token"] & {
            /**
             * @description The secret: send it as `Authorization: Bearer <token>`. Shown in this response only; store it now
             * @example nwt_…
             */
            token: string;
        };
        /** @description A named token, without its secret */
        Token: {
            /** @example tok_0123456789abcdef */
            id: string;
            name: string;
            /** @enum {string} */
            role: "admin" | "submitter";
            created_at: string;
        };
        TokenRequest: {
            /**
             * @description `submitter`: may start runs, nothing else; `admin`: everything
             * @enum {string}
             */
            role: "admin" | "submitter";
            /**
             * @description Whose or what it is for (shown in lists and logs)
             * @example ci-runner
             */
            name: string;
        };
        RefreshWindows: {
            /** @description The newest window whose datasets are imported (held out or public); null before the first */
            current: components["schemas"]["RefreshWindow"] | null;
            windows: components["schemas"]["RefreshWindow"][];
            /** @description What the window's born dates are evidence of, and what they miss */
            dates: string;
        };
        StartRefreshWindow: {
            /** @description The shape of wrangler.toml's [vars.REFRESH] (docs/refresh.md) */
            config: {
                /** @default 41 4 * * * */
                schedule?: string;
                /** @default 2026-01-05 */
                anchor?: string;
                /** @default 7 */
                window_days?: number;
                /** @default 28 */
                public_after_days?: number;
                /** @default {} */
                registries?: {
                    /** Format: uri */
                    npm?: string;
                    /** Format: uri */
                    pypi?: string;
                    /** Format: uri */
                    crates?: string;
                };
                /** @default 10 */
                versions?: number;
                sources: {
                    spec: string;
                    entry?: string;
                    benchmarks?: string[];
                }[];
                benchmarks: {
                    [key: string]: {
                        [key: string]: unknown;
                    };
                };
                /**
                 * @default {
                 *       "downloadBytes": 8388608,
                 *       "unpackedBytes": 50331648,
                 *       "metadataBytes": 12582912,
                 *       "timeMs": 60000
                 *     }
                 */
                bounds?: {
                    downloadBytes?: number;
                    unpackedBytes?: number;
                    files?: number;
                    fileBytes?: number;
                    timeMs?: number;
                    metadataBytes?: number;
                };
                /**
                 * @default {
                 *       "subrequests": 45,
                 *       "attempts": 3,
                 *       "retry_delay_seconds": 60,
                 *       "lease_seconds": 900,
                 *       "stale_minutes": 30
                 *     }
                 */
                limits?: {
                    /** @default 45 */
                    subrequests?: number;
                    /** @default 3 */
                    attempts?: number;
                    /** @default 60 */
                    retry_delay_seconds?: number;
                    /** @default 900 */
                    lease_seconds?: number;
                    /** @default 30 */
                    stale_minutes?: number;
                };
            };
            /** @description The window's first day (default: the newest window of the schedule that has ended) */
            window_start?: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
