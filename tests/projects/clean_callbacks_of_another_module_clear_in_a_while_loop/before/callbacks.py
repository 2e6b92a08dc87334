class Printer:
    def before_batch(self, fitter):
        pass

    def after_batch(self, fitter):
        print(fitter.optimizer.param_groups[0]["lr"])


class GradReset:
    def before_batch(self, fitter):
        for p in fitter.model.parameters():
            p.grad = None

    def after_batch(self, fitter):
        pass
