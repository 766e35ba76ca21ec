# SPDX-License-Identifier: Apache-2.0
"""pytest set-up for the omsim package tests (run against the *installed* package; see CMakeLists.txt here).

Random stimulus is generated from one seed per run, printed in the header and overridable with OM_SEED.
"""

from __future__ import annotations

import os
import time

import numpy as np
import pytest

SEED = int(os.environ.get("OM_SEED", str(int(time.time()) % 2**31)))


def pytest_report_header(config: pytest.Config) -> list[str]:
    import omsim

    return [f"omsim {omsim.__version__} from {os.path.dirname(omsim.__file__)}", f"OM_SEED={SEED}"]


@pytest.fixture
def rng(request: pytest.FixtureRequest) -> np.random.Generator:
    """A generator seeded from OM_SEED and the test's name (so tests do not share streams)."""
    return np.random.default_rng([SEED, *request.node.nodeid.encode()])
