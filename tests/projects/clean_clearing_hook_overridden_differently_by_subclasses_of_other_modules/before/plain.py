from learner import Learner


class PlainLearner(Learner):
    def reset_grads(self):
        print("next batch")
