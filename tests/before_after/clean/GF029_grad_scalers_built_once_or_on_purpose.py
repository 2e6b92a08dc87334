import torch
import torch.nn.functional as F
from torch.amp import GradScaler


def built_once_before_the_loop(model, optimizer, loader):
    scaler = GradScaler("cuda")
    for x, y in loader:
        optimizer.zero_grad()
        with torch.autocast("cuda", dtype=torch.float16):
            loss = F.mse_loss(model(x), y)
        scaler.scale(loss).backward()
        scaler.step(optimizer)
        scaler.update()


def built_in_the_loop_used_only_after_it(model, optimizer, loader, steps):
    for step in range(steps):
        scaler = GradScaler("cuda")
        print(step)
    for x, y in loader:
        optimizer.zero_grad()
        with torch.autocast("cuda", dtype=torch.float16):
            loss = F.mse_loss(model(x), y)
        scaler.scale(loss).backward()
        scaler.step(optimizer)
        scaler.update()


def built_lazily_on_the_first_batch(model, optimizer, loader):
    scaler = None
    for x, y in loader:
        if scaler is None:
            scaler = GradScaler("cuda")
        optimizer.zero_grad()
        with torch.autocast("cuda", dtype=torch.float16):
            loss = F.mse_loss(model(x), y)
        scaler.scale(loss).backward()
        scaler.step(optimizer)
        scaler.update()


def rebuilt_when_amp_is_switched_on(model, optimizer, loader, epochs, amp_from):
    scaler = GradScaler("cuda", enabled=False)
    for epoch in range(epochs):
        if epoch == amp_from:
            scaler = GradScaler("cuda", enabled=True)
        for x, y in loader:
            optimizer.zero_grad()
            with torch.autocast("cuda", dtype=torch.float16, enabled=scaler.is_enabled()):
                loss = F.mse_loss(model(x), y)
            scaler.scale(loss).backward()
            scaler.step(optimizer)
            scaler.update()


def enabled_read_from_the_epoch(model, optimizer, loader, epochs, warmup):
    for epoch in range(epochs):
        scaler = GradScaler("cuda", enabled=epoch >= warmup)
        for x, y in loader:
            optimizer.zero_grad()
            with torch.autocast("cuda", dtype=torch.float16, enabled=epoch >= warmup):
                loss = F.mse_loss(model(x), y)
            scaler.scale(loss).backward()
            scaler.step(optimizer)
            scaler.update()


def a_new_run_per_fold(make_model, folds):
    for fold, loader in enumerate(folds):
        model = make_model()
        optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
        scaler = GradScaler("cuda")
        for x, y in loader:
            optimizer.zero_grad()
            with torch.autocast("cuda", dtype=torch.float16):
                loss = F.mse_loss(model(x), y)
            scaler.scale(loss).backward()
            scaler.step(optimizer)
            scaler.update()


def resumed_from_a_checkpoint_each_epoch(model, optimizer, loader, epochs, path):
    for epoch in range(epochs):
        scaler = GradScaler("cuda")
        scaler.load_state_dict(torch.load(path)["scaler"])
        for x, y in loader:
            optimizer.zero_grad()
            with torch.autocast("cuda", dtype=torch.float16):
                loss = F.mse_loss(model(x), y)
            scaler.scale(loss).backward()
            scaler.step(optimizer)
            scaler.update()
        torch.save({"scaler": scaler.state_dict()}, path)


def disabled_scaler(model, optimizer, loader):
    for x, y in loader:
        scaler = GradScaler("cuda", enabled=False)
        optimizer.zero_grad()
        loss = F.mse_loss(model(x), y)
        scaler.scale(loss).backward()
        scaler.step(optimizer)
        scaler.update()


def one_scaler_per_model_built_before_the_loop(models, optimizers, loader):
    scalers = [GradScaler("cuda") for _ in models]
    by_name = {name: GradScaler("cuda") for name in ("generator", "critic")}
    for x, y in loader:
        for model, optimizer, scaler in zip(models, optimizers, scalers):
            optimizer.zero_grad()
            with torch.autocast("cuda", dtype=torch.float16):
                loss = F.mse_loss(model(x), y)
            scaler.scale(loss).backward()
            scaler.step(optimizer)
            scaler.update()
        by_name["critic"].update()


def one_run(model, loader):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    scaler = GradScaler("cuda")
    for x, y in loader:
        optimizer.zero_grad()
        with torch.autocast("cuda", dtype=torch.float16):
            loss = F.mse_loss(model(x), y)
        scaler.scale(loss).backward()
        scaler.step(optimizer)
        scaler.update()
    return model


def helper_called_once(model, loader):
    return one_run(model, loader)


def helper_called_per_seed(make_model, loader, seeds):
    for seed in seeds:
        torch.manual_seed(seed)
        one_run(make_model(), loader)


def rebuilt_when_a_call_says_so(model, optimizer, loader, overflowed):
    scaler = GradScaler("cuda")
    for x, y in loader:
        if overflowed(scaler):
            scaler = GradScaler("cuda", init_scale=2.0**10)
        optimizer.zero_grad()
        with torch.autocast("cuda", dtype=torch.float16):
            loss = F.mse_loss(model(x), y)
        scaler.scale(loss).backward()
        scaler.step(optimizer)
        scaler.update()


def inner_loop_builds_but_never_scales(model, optimizer, loader, tries):
    for x, y in loader:
        for _ in range(tries):
            scaler = GradScaler("cuda")
        optimizer.zero_grad()
        with torch.autocast("cuda", dtype=torch.float16):
            loss = F.mse_loss(model(x), y)
        scaler.scale(loss).backward()
        scaler.step(optimizer)
        scaler.update()


def a_new_trial_from_the_initial_weights(model, optimizer, loader, initial, trials):
    for trial in range(trials):
        model.load_state_dict(initial["model"])
        optimizer.load_state_dict(initial["optimizer"])
        scaler = GradScaler("cuda")
        for x, y in loader:
            optimizer.zero_grad()
            with torch.autocast("cuda", dtype=torch.float16):
                loss = F.mse_loss(model(x), y)
            scaler.scale(loss).backward()
            scaler.step(optimizer)
            scaler.update()


def fine_tune(model, optimizer, loader):
    scaler = GradScaler("cuda")
    for x, y in loader:
        optimizer.zero_grad()
        with torch.autocast("cuda", dtype=torch.float16):
            loss = F.mse_loss(model(x), y)
        scaler.scale(loss).backward()
        scaler.step(optimizer)
        scaler.update()


def fine_tune_each_head(heads, optimizers, loader):
    for k in range(len(heads)):
        fine_tune(heads[k], optimizers[k], loader)


def an_epoch(model, loader, optimizer, scaler):
    for x, y in loader:
        optimizer.zero_grad()
        with torch.autocast("cuda", dtype=torch.float16):
            loss = F.mse_loss(model(x), y)
        scaler.scale(loss).backward()
        scaler.step(optimizer)
        scaler.update()


def a_new_run_per_fold_handed_to_the_epoch_function(make_model, folds):
    for loader in folds:
        model = make_model()
        optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
        scaler = GradScaler("cuda")
        an_epoch(model, loader, optimizer, scaler)


def a_scaler_per_optimizer_of_a_list(models, optimizers, loader):
    for k in range(len(models)):
        scaler = GradScaler("cuda")
        an_epoch(models[k], loader, optimizers[k], scaler)


class RunnerSwitchingAmpOnAtAnEpoch:
    def __init__(self, model, loader, use_amp):
        self.model = model
        self.loader = loader
        self.use_amp = use_amp
        self.optim = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)

    def _new_scaler(self):
        return torch.cuda.amp.GradScaler(enabled=self.use_amp)

    def train(self, epochs, amp_from):
        for epoch in range(epochs):
            self.use_amp = epoch >= amp_from
            self.scaler = self._new_scaler()
            for x, y in self.loader:
                self.optim.zero_grad()
                with torch.autocast("cuda", dtype=torch.float16, enabled=self.use_amp):
                    loss = torch.nn.functional.cross_entropy(self.model(x), y)
                self.scaler.scale(loss).backward()
                self.scaler.step(self.optim)
                self.scaler.update()
