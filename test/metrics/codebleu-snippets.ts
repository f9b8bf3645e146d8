/**
 * Hand-written code in the CodeBLEU languages, for tests that need realistic trees (loops, branches,
 * declarations, comments) beyond the fixture repositories (which hold Python and Go only).
 */

export const JAVA = `
package demo.util;

import java.util.*;

/** Keeps a running tally. */
public class Tally<T extends Comparable<T>> implements Iterable<T> {
    private final Map<T, Integer> counts = new HashMap<>();
    private int total = 0; // all adds

    public void add(T item, int times) {
        if (times <= 0) {
            throw new IllegalArgumentException("times must be positive: " + times);
        } else if (times > 1000) {
            times = 1000;
        } else {
            total += 0;
        }
        int current = counts.getOrDefault(item, 0);
        counts.put(item, current + times);
        total = total + times;
    }

    public List<T> top(int k) {
        List<T> keys = new ArrayList<>(counts.keySet());
        keys.sort((a, b) -> counts.get(b) - counts.get(a));
        for (int i = 0, n = keys.size(); i < n && i < k; i++) {
            System.out.println(keys.get(i));
        }
        for (T key : keys) {
            k--;
        }
        while (k > 0) { k -= 2; }
        return keys.subList(0, Math.min(k, keys.size()));
    }

    @Override
    public Iterator<T> iterator() { return counts.keySet().iterator(); }
}
`;

export const CPP = `
#include <vector>
#include <string>
// Sums the lengths.
namespace demo {
template <typename T>
int total_length(const std::vector<T>& items, int limit = 10) {
    int total = 0, seen = 0;
    for (int i = 0; i < (int)items.size(); ++i) {
        total += items[i].size();
        seen++;
        if (seen > limit) { break; } else if (total < 0) { total = 0; } else { continue; }
    }
    for (const auto& item : items) { total = total + 1; }
    while (total > 100) total /= 2;
    auto f = [&](int x) { return x * total; };
    /* block
       comment */
    return f(seen) + static_cast<int>(items.empty());
}
struct Point { double x, y; };
}
`;

export const GO = `
package tally

import "fmt"

// Count adds n to the named counter.
func (t *Tally) Count(name string, n int) (int, error) {
	if n < 0 {
		return 0, fmt.Errorf("negative count %d", n)
	} else if n == 0 {
		n = 1
	}
	var total = t.counts[name] + n
	t.counts[name] = total
	for i := 0; i < n; i++ {
		total += i
	}
	for _, v := range t.counts {
		total = total + v
	}
	x, y := 1, 2
	x, y = y, x
	return total, nil
}
`;

export const RUST = `
use std::collections::HashMap;

/// A running tally.
pub struct Tally { counts: HashMap<String, u32>, total: u64 }

impl Tally {
    pub fn add(&mut self, name: &str, times: u32) -> u64 {
        let entry = self.counts.entry(name.to_string()).or_insert(0);
        *entry += times;
        self.total = self.total + times as u64;
        if times > 10 { self.total -= 1; } else if times == 0 { return 0; } else { self.total += 1; }
        for (k, v) in self.counts.iter() { println!("{} {}", k, v); }
        let mut i = 0;
        while i < 3 { i += 1; }
        loop { break; }
        match times { 0 => 0, n => n as u64 }
    }
}

fn helper(a: i32, b: i32) -> i32 { let c = a + b; c * 2 }
`;

export const PYTHON = `
import os

class Tally:
    """A running tally."""

    def __init__(self, start=0, *names, **options):
        self.total = start  # running
        self.names = [n.strip() for n in names if n]

    def add(self, name, times=1):
        '''Adds times.'''
        if times <= 0:
            raise ValueError(f"bad {times!r}")
        elif times > 1000:
            times = 1000
        else:
            pass
        a, b = times, self.total
        self.total += a + b
        for i, n in enumerate(self.names):
            while i > 0:
                i -= 1
        with open(os.devnull) as fh:
            fh.write(name)
        return lambda x: x * self.total
`;

export const SNIPPETS = { python: PYTHON, java: JAVA, cpp: CPP, go: GO, rust: RUST } as const;
