from learner import Learner


class CustomLearner(Learner):
    def before_update(self):
        self.optimizer.zero_grad(set_to_none=True)
