from .learner import Learner


def run(loader, optimizer):
    learner = Learner()
    learner._train(loader, optimizer, 3)
    return learner
