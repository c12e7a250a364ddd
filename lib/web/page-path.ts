/** The request header in which the custom server tells a page the path it answers for. */
export const PAGE_PATH_HEADER = "x-hand-page-path";
