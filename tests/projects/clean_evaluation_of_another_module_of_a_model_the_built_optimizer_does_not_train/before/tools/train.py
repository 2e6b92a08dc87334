from utils.engine import evaluate, train_one_epoch
from utils.optim import build_optimizer, make_optimizer

CFG = {"optim": "sgd", "lr": 0.1, "epochs": 5}


def distill(student, teacher, loader, val_loader):
    optimizer = build_optimizer(student, CFG["lr"])
    for epoch in range(CFG["epochs"]):
        train_one_epoch(student, loader, optimizer)
        evaluate(teacher, val_loader)


def probe(net, head, loader, val_loader):
    opt = make_optimizer(CFG, head)
    for epoch in range(CFG["epochs"]):
        train_one_epoch(head, loader, opt)
        evaluate(net, val_loader)


def main(model, loader, val_loader):
    optimizer = build_optimizer(model, CFG["lr"])
    for epoch in range(CFG["epochs"]):
        model.train()
        train_one_epoch(model, loader, optimizer)
        evaluate(model, val_loader)
