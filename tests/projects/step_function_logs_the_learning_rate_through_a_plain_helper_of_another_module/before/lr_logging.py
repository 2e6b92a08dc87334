"""Learning-rate bookkeeping: reads the optimizer's param groups, never touches gradients."""

import logging

log = logging.getLogger("trainer")
HISTORY = []


def report_lr(optimizer):
    log.info("lr %s", optimizer.param_groups[0]["lr"])


def remember_lr(optimizer):
    for group in optimizer.param_groups:
        group.setdefault("seen", 0)
        HISTORY.append(group.get("lr"))
