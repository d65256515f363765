-- Generated (decision 263's connection search): the connection search reads every route of some travel dates at once;
-- the primary key starts with the origin, so without this index each of its reads scans every kept date.
CREATE INDEX "observed_answers_travel_date_idx" ON "observed_answers" USING btree ("travel_date");