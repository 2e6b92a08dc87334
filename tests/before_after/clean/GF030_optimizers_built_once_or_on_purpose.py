import copy

import torch
import torch.nn.functional as F
from torch import nn, optim


def built_once_before_the_loop(model, loader):
    optimizer = optim.Adam(model.parameters(), lr=1e-3)
    for x, y in loader:
        optimizer.zero_grad()
        F.mse_loss(model(x), y).backward()
        optimizer.step()


def a_new_optimizer_per_task_whose_inner_loop_takes_many_steps(model, tasks, inner_steps):
    for task in tasks:
        opt = optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
        for _ in range(inner_steps):
            x, y = task.sample()
            opt.zero_grad()
            F.cross_entropy(model(x), y).backward()
            opt.step()


def a_new_optimizer_per_fold(model, folds, epochs):
    fold = 0
    while fold < len(folds):
        optimizer = optim.AdamW(model.parameters(), lr=3e-4)
        for epoch in range(epochs):
            for x, y in folds[fold]:
                optimizer.zero_grad()
                F.cross_entropy(model(x), y).backward()
                optimizer.step()
        fold += 1


def a_fast_model_adapted_per_task_by_a_helper(meta_model, tasks, k):
    for task in tasks:
        adapt(meta_model, task, k)


def adapt(meta_model, task, k):
    fast = copy.deepcopy(meta_model)
    inner = optim.Adam(fast.parameters(), lr=0.1)
    for _ in range(k):
        inner.zero_grad()
        task.loss(fast).backward()
        inner.step()
    return fast


def built_lazily_on_the_first_batch(model, loader):
    optimizer = None
    for x, y in loader:
        if optimizer is None:
            optimizer = optim.Adam(model.parameters(), lr=1e-3)
        optimizer.zero_grad()
        F.mse_loss(model(x), y).backward()
        optimizer.step()


def built_on_the_first_batch_only(model, loader):
    for i, (x, y) in enumerate(loader):
        if i == 0:
            optimizer = optim.Adam(model.parameters(), lr=1e-3)
        optimizer.zero_grad()
        F.mse_loss(model(x), y).backward()
        optimizer.step()


def rebuilt_when_the_backbone_is_unfrozen(model, loader, epochs, unfreeze_at):
    optimizer = optim.Adam(model.head.parameters(), lr=1e-3)
    for epoch in range(epochs):
        if epoch == unfreeze_at:
            for p in model.backbone.parameters():
                p.requires_grad = True
            optimizer = optim.Adam(model.parameters(), lr=1e-4)
        for x, y in loader:
            optimizer.zero_grad()
            F.cross_entropy(model(x), y).backward()
            optimizer.step()


def a_new_model_and_optimizer_per_candidate_of_a_search(make_model, loader, trials):
    for trial in range(trials):
        model = make_model(trial)
        optimizer = optim.Adam(model.parameters(), lr=1e-3)
        x, y = next(iter(loader))
        optimizer.zero_grad()
        F.mse_loss(model(x), y).backward()
        optimizer.step()


def one_optimizer_per_learning_rate_of_a_sweep(model, x, y, rates):
    for lr in rates:
        optimizer = optim.RMSprop(model.parameters(), lr=lr)
        optimizer.zero_grad()
        F.mse_loss(model(x), y).backward()
        optimizer.step()


def population_members_each_with_a_new_optimizer(population, x, y):
    for member in population:
        opt = optim.Adam(member.parameters(), lr=1e-3)
        opt.zero_grad()
        F.mse_loss(member(x), y).backward()
        opt.step()


def plain_sgd_rebuilt_keeps_no_state(model, loader):
    for x, y in loader:
        sgd = optim.SGD(model.parameters(), lr=0.1, weight_decay=5e-4)
        sgd.zero_grad()
        F.mse_loss(model(x), y).backward()
        sgd.step()


def sgd_with_momentum_zero_rebuilt(model, loader):
    for x, y in loader:
        sgd = torch.optim.SGD(model.parameters(), 0.1, 0.0)
        sgd.zero_grad()
        F.mse_loss(model(x), y).backward()
        sgd.step()


def sgd_with_a_momentum_setting_that_may_be_zero(model, loader, args):
    for x, y in loader:
        sgd = torch.optim.SGD(model.parameters(), lr=args.lr, momentum=args.momentum)
        sgd.zero_grad()
        F.mse_loss(model(x), y).backward()
        sgd.step()


def restored_from_a_checkpoint_each_round(model, loader, rounds, state):
    for r in range(rounds):
        model.load_state_dict(state)
        optimizer = optim.Adam(model.parameters(), lr=1e-3)
        x, y = next(iter(loader))
        optimizer.zero_grad()
        F.mse_loss(model(x), y).backward()
        optimizer.step()


def lbfgs_restarted_each_outer_step(model, x, y, outer_steps):
    for _ in range(outer_steps):
        lbfgs = optim.LBFGS(model.parameters(), max_iter=20)

        def closure():
            lbfgs.zero_grad()
            loss = F.mse_loss(model(x), y)
            loss.backward()
            return loss

        lbfgs.step(closure)


def a_helper_called_once_per_run(model, loader, seeds):
    for seed in seeds:
        torch.manual_seed(seed)
        train_one_run(model, loader)


def train_one_run(model, loader):
    optimizer = optim.Adam(model.parameters(), lr=1e-3)
    for x, y in loader:
        optimizer.zero_grad()
        F.mse_loss(model(x), y).backward()
        optimizer.step()


def a_step_helper_handed_a_new_model_each_iteration(make_model, x, y, count):
    for i in range(count):
        one_step(make_model(i), x, y)


def one_step(net, x, y):
    opt = optim.Adagrad(net.parameters(), lr=0.1)
    opt.zero_grad()
    F.mse_loss(net(x), y).backward()
    opt.step()


def built_in_the_loop_stepped_only_after_it(model, loader, x, y):
    for batch in loader:
        optimizer = optim.Adam(model.parameters(), lr=1e-3)
        print(batch)
    optimizer.zero_grad()
    F.mse_loss(model(x), y).backward()
    optimizer.step()


def one_iteration_then_break(model, loader):
    for x, y in loader:
        optimizer = optim.Adam(model.parameters(), lr=1e-3)
        optimizer.zero_grad()
        F.mse_loss(model(x), y).backward()
        optimizer.step()
        break


class ContinualLearner(nn.Module):
    def __init__(self, net):
        super().__init__()
        self.net = net

    def learn_tasks(self, tasks, epochs):
        for task in tasks:
            self.optimizer = optim.Adam(self.net.parameters(), lr=1e-3)
            for epoch in range(epochs):
                for x, y in task:
                    self.optimizer.zero_grad()
                    F.cross_entropy(self.net(x), y).backward()
                    self.optimizer.step()


def a_new_head_attached_before_each_step(model, loader, classes):
    for x, y in loader:
        model.fc = nn.Linear(model.fc.in_features, classes)
        optimizer = optim.Adam(model.parameters(), lr=1e-3)
        optimizer.zero_grad()
        F.cross_entropy(model(x), y).backward()
        optimizer.step()


def trainable_parameters_chosen_on_each_step(model, loader):
    for step, (x, y) in enumerate(loader):
        set_trainable(model.encoder, step)
        optimizer = optim.Adam(filter(lambda p: p.requires_grad, model.parameters()), lr=1e-3)
        optimizer.zero_grad()
        F.mse_loss(model(x), y).backward()
        optimizer.step()


def weights_initialised_again_on_each_repeat(model, x, y, repeats):
    for _ in range(repeats):
        model.reset_parameters()
        optimizer = optim.Adam(model.parameters(), lr=1e-3)
        optimizer.zero_grad()
        F.mse_loss(model(x), y).backward()
        optimizer.step()


def a_step_helper_that_unfreezes_as_it_goes(model, loader):
    for step, (x, y) in enumerate(loader):
        step_on_the_parts_in_use(model, x, y, step)


def step_on_the_parts_in_use(model, x, y, step):
    model.encoder.requires_grad_(step > 100)
    opt = optim.Adam(filter(lambda p: p.requires_grad, model.parameters()), lr=1e-3)
    opt.zero_grad()
    F.mse_loss(model(x), y).backward()
    opt.step()
