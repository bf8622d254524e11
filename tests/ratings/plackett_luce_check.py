#!/usr/bin/env python3
"""Worked numbers for tests/server/ratings_test.cpp, computed apart from the
C++ code, straight from Algorithm 4 of Weng and Lin, "A Bayesian
Approximation Method for Online Ranking", JMLR 12 (2011), one player per team.

Run it to print the numbers the C++ test expects:  python3 plackett_luce_check.py
"""
import math

MU, SIGMA = 25.0, 25.0 / 3.0
BETA, KAPPA = SIGMA / 2.0, 0.0001


def update(players):
    """players: list of (mu, sigma, place). Returns [(mu', sigma')]."""
    c = math.sqrt(sum(s * s + BETA * BETA for _, s, _ in players))
    e = [math.exp(m / c) for m, _, _ in players]
    big_c = [sum(e[s] for s in range(len(players)) if players[s][2] >= pq) for _, _, pq in players]
    a = [sum(1 for p in players if p[2] == pq) for _, _, pq in players]
    out = []
    for i, (mu, sigma, place) in enumerate(players):
        omega = delta = 0.0
        for q, (_, _, pq) in enumerate(players):
            if pq > place:
                continue
            p = e[i] / big_c[q]
            omega += ((1.0 if q == i else 0.0) - p) / a[q]
            delta += p * (1.0 - p) / a[q]
        omega *= sigma * sigma / c
        delta *= (sigma / c) * sigma * sigma / (c * c)
        out.append((mu + omega, sigma * math.sqrt(max(1.0 - delta, KAPPA))))
    return out


CASES = {
    "two newcomers, seat 0 wins": [(MU, SIGMA, 1), (MU, SIGMA, 2)],
    "four newcomers, places 1 2 3 4": [(MU, SIGMA, 1), (MU, SIGMA, 2), (MU, SIGMA, 3), (MU, SIGMA, 4)],
    "four unequal, places 3 1 4 2": [(30.0, 5.0, 3), (22.0, 7.0, 1), (27.0, 6.0, 4), (18.0, 8.0, 2)],
    "three newcomers, two tied first": [(MU, SIGMA, 1), (MU, SIGMA, 1), (MU, SIGMA, 3)],
    "two unequal tied": [(30.0, 4.0, 1), (20.0, 6.0, 1)],
}

if __name__ == "__main__":
    for name, players in CASES.items():
        print(name)
        for (mu, sigma, place), (m2, s2) in zip(players, update(players)):
            print(f"  place {place}: {mu} +- {sigma} -> {m2:.10f} +- {s2:.10f}")
