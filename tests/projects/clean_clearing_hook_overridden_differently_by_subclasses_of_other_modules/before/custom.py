from learner import Learner


class CustomLearner(Learner):
    def reset_grads(self):
        self.optimizer.zero_grad(set_to_none=True)
