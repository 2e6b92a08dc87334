from .learner import Learner


def attach(learner: Learner, cb):
    learner._callbacks.append(cb)
