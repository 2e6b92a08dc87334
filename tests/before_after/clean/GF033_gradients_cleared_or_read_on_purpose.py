import torch
import torch.nn.functional as F


def fisher_cleared_by_the_module(model, loader):
    fisher = {n: torch.zeros_like(p) for n, p in model.named_parameters()}
    for x, y in loader:
        model.zero_grad()
        F.cross_entropy(model(x), y).backward()
        for n, p in model.named_parameters():
            fisher[n] += p.grad ** 2
    return fisher


def fisher_cleared_to_none(model, loader):
    fisher = {n: torch.zeros_like(p) for n, p in model.named_parameters()}
    for x, y in loader:
        F.cross_entropy(model(x), y).backward()
        for n, p in model.named_parameters():
            fisher[n] += p.grad ** 2
            p.grad = None
    return fisher


def fisher_zeroed_in_place(model, loader):
    fisher = [torch.zeros_like(p) for p in model.parameters()]
    for x, y in loader:
        F.cross_entropy(model(x), y).backward()
        for f, p in zip(fisher, model.parameters()):
            f += p.grad ** 2
            p.grad.zero_()
    return fisher


def fisher_cleared_by_an_optimizer(model, opt, loader):
    fisher = [torch.zeros_like(p) for p in model.parameters()]
    for x, y in loader:
        opt.zero_grad(set_to_none=True)
        F.cross_entropy(model(x), y).backward()
        for f, p in zip(fisher, model.parameters()):
            f += p.grad ** 2
    return fisher


def fisher_from_autograd(model, loader):
    fisher = [torch.zeros_like(p) for p in model.parameters()]
    for x, y in loader:
        grads = torch.autograd.grad(F.cross_entropy(model(x), y), list(model.parameters()))
        for f, g in zip(fisher, grads):
            f += g ** 2
    return fisher


def full_gradient_read_after_the_loop(model, loader):
    for x, y in loader:
        F.cross_entropy(model(x), y).backward()
    return [p.grad.clone() for p in model.parameters()]


def running_total_overwritten(model, loader):
    total = {}
    for x, y in loader:
        F.cross_entropy(model(x), y).backward()
        for n, p in model.named_parameters():
            total[n] = p.grad.clone()
    return total


def running_norm_printed(model, loader):
    for x, y in loader:
        F.cross_entropy(model(x), y).backward()
        print(sum(p.grad.norm() for p in model.parameters()))


def norms_logged_while_training(model, opt, loader):
    norms = []
    for x, y in loader:
        F.cross_entropy(model(x), y).backward()
        norms.append(sum(p.grad.norm() for p in model.parameters()))
        opt.step()
        opt.zero_grad(set_to_none=True)
    return norms


def sgd_by_hand(model, loader, lr):
    for x, y in loader:
        F.cross_entropy(model(x), y).backward()
        with torch.no_grad():
            for p in model.parameters():
                p -= lr * p.grad
                p.grad = None


def cleared_by_a_helper(model, loader, reset):
    fisher = [torch.zeros_like(p) for p in model.parameters()]
    for x, y in loader:
        reset(model)
        F.cross_entropy(model(x), y).backward()
        for f, p in zip(fisher, model.parameters()):
            f += p.grad ** 2
    return fisher


def a_new_model_each_time(make, loader):
    norms = []
    for x, y in loader:
        model = make()
        F.cross_entropy(model(x), y).backward()
        norms.append(sum(p.grad.norm() for p in model.parameters()))
    return norms


def cleared_by_the_loop_around(model, tasks):
    norms = []
    for loader in tasks:
        model.zero_grad()
        for x, y in loader:
            F.cross_entropy(model(x), y).backward()
        norms.append(sum(p.grad.norm() for p in model.parameters()))
    return norms


def per_iteration_total_printed(model, loader):
    for x, y in loader:
        F.cross_entropy(model(x), y).backward()
        total = 0.0
        for p in model.parameters():
            total = total + p.grad.norm()
        print(total)


class Estimator:
    def __init__(self, model):
        self.model = model
        self.fisher = {n: torch.zeros_like(p) for n, p in model.named_parameters()}

    def reset(self):
        self.model.zero_grad(set_to_none=True)

    def estimate(self, loader):
        for x, y in loader:
            self.reset()
            F.cross_entropy(self.model(x), y).backward()
            for n, p in self.model.named_parameters():
                self.fisher[n] += p.grad.detach() ** 2


def one_accumulation_window_stepped_after_the_loop(model, opt, chunks):
    gnorms = []
    for x, y in chunks:
        F.cross_entropy(model(x), y).backward()
        gnorms.append(sum(p.grad.norm() for p in model.parameters()))
    opt.step()
    opt.zero_grad(set_to_none=True)
    return gnorms


def parameter_list_handed_to_a_clear(net, batches, clear):
    weights = list(net.parameters())
    saliency = [torch.zeros_like(w) for w in weights]
    for x, y in batches:
        clear(weights)
        F.cross_entropy(net(x), y).backward()
        for s, w in zip(saliency, weights):
            s += (w.grad * w).abs()
    return saliency


class OnlineEstimator:
    def __init__(self, model, criterion, hooks):
        self.model = model
        self.criterion = criterion
        self.hooks = hooks
        self.fisher = {n: torch.zeros_like(p) for n, p in model.named_parameters()}

    def _clear(self):
        for p in self.model.parameters():
            p.grad = None

    def cleared_by_its_own_method(self, loader):
        for x, y in loader:
            self._clear()
            loss = self.criterion(self.model(x), y)
            loss.backward()
            for n, p in self.model.named_parameters():
                self.fisher[n] = self.fisher[n] + p.grad.detach() ** 2

    def hooks_handed_the_estimator(self, loader):
        for x, y in loader:
            self.hooks.before_batch(self)
            loss = self.criterion(self.model(x), y)
            loss.backward()
            for n, p in self.model.named_parameters():
                self.fisher[n] = self.fisher[n] + p.grad.detach() ** 2

    def a_method_of_a_base_class_written_elsewhere(self, loader):
        for x, y in loader:
            self.prepare_batch()
            loss = self.criterion(self.model(x), y)
            loss.backward()
            for n, p in self.model.named_parameters():
                self.fisher[n] = self.fisher[n] + p.grad.detach() ** 2
