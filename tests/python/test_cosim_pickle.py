# SPDX-License-Identifier: Apache-2.0
"""RunResult and Coverage cross process boundaries (pickle, as process pools and Dask send them) and turn into
plain data (to_dict)."""

from __future__ import annotations

import json
import pickle

from omsim import cosim


def test_run_results_pickle_and_compare_equal():
    res = cosim.run("fl9_3", seed=3, cycles=3000)
    back = pickle.loads(pickle.dumps(res))
    assert back == res and back is not res
    assert back.coverage.hits("rt_count/1") == res.coverage.hits("rt_count/1")
    assert back.coverage.to_dict()["bins"] == res.coverage.to_dict()["bins"]
    assert sorted(back.coverage.holes()) == sorted(res.coverage.holes())
    bad = cosim.run("fl11_1", seed=2, cycles=3000, fault="wr_data")
    again = pickle.loads(pickle.dumps(bad))
    assert again.failure == bad.failure and again.verdict == "FAIL" and again.reproduce == bad.reproduce


def test_coverage_pickles_and_merges_after_unpickling():
    a = cosim.run("fl9_3", seed=1, cycles=2000).coverage
    b = cosim.run("fl11_1", seed=1, cycles=2000).coverage
    total = pickle.loads(pickle.dumps(a)) + pickle.loads(pickle.dumps(b))
    assert total == a + b and total != a
    assert len(total.runs) == 2 and total.universe_size > a.universe_size
    assert isinstance(pickle.loads(pickle.dumps(cosim.Coverage())), cosim.Coverage)


def test_to_dict_is_plain_json_data():
    res = cosim.run("fl11_1", seed=5, cycles=3000, fault="wr_data")
    d = res.to_dict()
    assert json.loads(json.dumps(d)) == d
    assert d["verdict"] == "FAIL" and d["failures"][0]["kind"] == res.failure.kind
    assert d["coverage"]["bins"] == {k: v for k, v in res.coverage.to_dict()["bins"].items()}
    assert d["perf"]["rt_writes"] == res.perf.rt_writes and d["sides"] == list(res.sides)
    assert sum(b["hits"] for b in d["coverage"]["bins"].values()) > 0
